import { Module } from '@nestjs/common';
import { HandlePaymentWebhookHandler } from '../registrations/commands/handle-payment-webhook/handle-payment-webhook.handler';
import { HandlePaymentWebhookHttpController } from '../registrations/commands/handle-payment-webhook/handle-payment-webhook.http.controller';
import { PaymentRecorder } from '../registrations/commands/record-payment/payment-recorder';
import { HoldSweeper } from '../registrations/commands/release-expired-holds/hold-sweeper';
import { RegistrationsModule } from '../registrations/registrations.module';

/** What the payment provider's answers do to registrations: the webhook and the hold sweeper. */
@Module({
  imports: [RegistrationsModule],
  controllers: [HandlePaymentWebhookHttpController],
  providers: [HandlePaymentWebhookHandler, PaymentRecorder, HoldSweeper],
  exports: [PaymentRecorder, HoldSweeper],
})
export class PaymentFlowsModule {}
