import { Module } from '@nestjs/common';
import { RegistrationsModule } from '../registrations/registrations.module';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { CreateRegistrationHandler } from './commands/create-registration/create-registration.handler';
import { CreateRegistrationHttpController } from './commands/create-registration/create-registration.http.controller';
import { SlotAllocationBatcher } from './commands/create-registration/slot-allocation-batcher';
import { HandlePaymentWebhookHandler } from './commands/handle-payment-webhook/handle-payment-webhook.handler';
import { HandlePaymentWebhookHttpController } from './commands/handle-payment-webhook/handle-payment-webhook.http.controller';
import { GiveBackSeatHandler } from './commands/give-back-seat/give-back-seat.handler';
import { GiveBackSeatHttpController } from './commands/give-back-seat/give-back-seat.http.controller';
import { ResumeCheckoutHandler } from './commands/resume-checkout/resume-checkout.handler';
import { ResumeCheckoutHttpController } from './commands/resume-checkout/resume-checkout.http.controller';
import { HoldSweeper } from './hold-sweeper';
import { MovePageCloser } from './move-page-closer';
import { PaymentRecorder } from './payment-recorder';
import { RefundWorker } from './refund-worker';
import { CancellationRecorder } from './cancellation-recorder';
import { CancelFromEmailHandler } from './commands/cancel-from-email/cancel-from-email.handler';
import { CancelFromEmailHttpController } from './commands/cancel-from-email/cancel-from-email.http.controller';
import { GetPayerRegistrationHttpController } from './queries/get-payer-registration/get-payer-registration.http.controller';
import { GetPayerRegistrationQueryHandler } from './queries/get-payer-registration/get-payer-registration.query-handler';
import { GetBookingHttpController } from './queries/get-booking/get-booking.http.controller';
import { GetBookingQueryHandler } from './queries/get-booking/get-booking.query-handler';

/**
 * Checkout and refunds: registering (a seat held and its payment page opened, or the waiting
 * list), resuming or giving back a payment, what the payment provider's notices do to
 * registrations (the payment recorder), the refund worker, the hold sweeper and cancellations
 * (the visitor's from the email link, and the operator's, with or without a refund); and the
 * visitor's own pages around them: the payment's result and the booking behind an email's link
 * (with the ticket).
 */
@Module({
  imports: [RegistrationsModule, SeatLedgerModule],
  controllers: [
    CreateRegistrationHttpController,
    HandlePaymentWebhookHttpController,
    GiveBackSeatHttpController,
    ResumeCheckoutHttpController,
    CancelFromEmailHttpController,
    GetPayerRegistrationHttpController,
    GetBookingHttpController,
  ],
  providers: [
    CreateRegistrationHandler,
    SlotAllocationBatcher,
    HandlePaymentWebhookHandler,
    GiveBackSeatHandler,
    ResumeCheckoutHandler,
    HoldSweeper,
    MovePageCloser,
    PaymentRecorder,
    RefundWorker,
    CancellationRecorder,
    CancelFromEmailHandler,
    GetPayerRegistrationQueryHandler,
    GetBookingQueryHandler,
  ],
  exports: [PaymentRecorder, RefundWorker, HoldSweeper, CancellationRecorder],
})
export class CheckoutModule {}
