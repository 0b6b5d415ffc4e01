import { Module } from '@nestjs/common';
import { GiveBackSeatHandler } from '../registrations/commands/give-back-seat/give-back-seat.handler';
import { GiveBackSeatHttpController } from '../registrations/commands/give-back-seat/give-back-seat.http.controller';
import { HandlePaymentWebhookHandler } from '../registrations/commands/handle-payment-webhook/handle-payment-webhook.handler';
import { HandlePaymentWebhookHttpController } from '../registrations/commands/handle-payment-webhook/handle-payment-webhook.http.controller';
import { PaymentRecorder } from '../registrations/commands/record-payment/payment-recorder';
import { HoldSweeper } from '../registrations/commands/release-expired-holds/hold-sweeper';
import { RegistrationsModule } from '../registrations/registrations.module';

/**
 * What the payment provider's answers do to registrations: the webhook, the hold sweeper, and
 * the visitor giving a held seat back (which closes the provider's page like the sweeper).
 */
@Module({
  imports: [RegistrationsModule],
  controllers: [HandlePaymentWebhookHttpController, GiveBackSeatHttpController],
  providers: [HandlePaymentWebhookHandler, PaymentRecorder, HoldSweeper, GiveBackSeatHandler],
  exports: [PaymentRecorder, HoldSweeper],
})
export class PaymentFlowsModule {}
