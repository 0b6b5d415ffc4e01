import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { PaymentGateway } from './payment-gateway';
import { SandboxCheckoutHttpController } from './sandbox/sandbox-checkout.http.controller';
import { SandboxPaymentGateway } from './sandbox/sandbox-payment-gateway';

@Global()
@Module({
  controllers: [SandboxCheckoutHttpController],
  providers: [
    {
      provide: PaymentGateway,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SandboxPaymentGateway(config),
    },
  ],
  exports: [PaymentGateway],
})
export class PaymentsModule {}
