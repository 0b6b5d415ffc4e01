import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { PaymentGateway } from './payment-gateway';
import { SandboxCheckoutHttpController } from './sandbox/sandbox-checkout.http.controller';
import { SandboxPaymentGateway } from './sandbox/sandbox-payment-gateway';
import { StripePaymentGateway } from './stripe/stripe-payment-gateway';

/**
 * The payment provider: Stripe when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, the
 * local sandbox otherwise (the configuration refuses the sandbox in production unless
 * SANDBOX_PAYMENTS=true).
 */
@Global()
@Module({
  controllers: [SandboxCheckoutHttpController],
  providers: [
    {
      provide: PaymentGateway,
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, dataSource: DataSource) =>
        config.stripe
          ? new StripePaymentGateway(config.stripe)
          : new SandboxPaymentGateway(config, dataSource),
    },
  ],
  exports: [PaymentGateway],
})
export class PaymentsModule {}
