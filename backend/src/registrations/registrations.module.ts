import { Module } from '@nestjs/common';
import { ServerLifecycleModule } from '../common/server-lifecycle.module';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { ConfirmWaitlistHandler } from './commands/confirm-waitlist/confirm-waitlist.handler';
import { ConfirmWaitlistHttpController } from './commands/confirm-waitlist/confirm-waitlist.http.controller';
import { CreateRegistrationHandler } from './commands/create-registration/create-registration.handler';
import { CreateRegistrationHttpController } from './commands/create-registration/create-registration.http.controller';
import { SlotAllocationBatcher } from './commands/create-registration/slot-allocation-batcher';
import { DeleteRegistrationHandler } from './commands/delete-registration/delete-registration.handler';
import { DeleteRegistrationHttpController } from './commands/delete-registration/delete-registration.http.controller';
import { EditDreamHandler } from './commands/edit-dream/edit-dream.handler';
import { EditDreamHttpController } from './commands/edit-dream/edit-dream.http.controller';
import { HandlePaymentWebhookHandler } from './commands/handle-payment-webhook/handle-payment-webhook.handler';
import { HandlePaymentWebhookHttpController } from './commands/handle-payment-webhook/handle-payment-webhook.http.controller';
import { SetDreamCapturedHandler } from './commands/set-dream-captured/set-dream-captured.handler';
import { SetDreamCapturedHttpController } from './commands/set-dream-captured/set-dream-captured.http.controller';
import { SetPaidFlagHandler } from './commands/set-paid-flag/set-paid-flag.handler';
import { SetPaidFlagHttpController } from './commands/set-paid-flag/set-paid-flag.http.controller';
import { GiveBackSeatHandler } from './commands/give-back-seat/give-back-seat.handler';
import { GiveBackSeatHttpController } from './commands/give-back-seat/give-back-seat.http.controller';
import { ResumeCheckoutHandler } from './commands/resume-checkout/resume-checkout.handler';
import { ResumeCheckoutHttpController } from './commands/resume-checkout/resume-checkout.http.controller';
import { ShareDreamHandler } from './commands/share-dream/share-dream.handler';
import { ShareDreamHttpController } from './commands/share-dream/share-dream.http.controller';
import { HoldSweeper } from './payments/hold-sweeper';
import { PaymentRecorder } from './payments/payment-recorder';
import { RefundWorker } from './payments/refund-worker';
import { EventFeedHttpController } from './queries/event-feed/event-feed.http.controller';
import { EventFeedQueryHandler } from './queries/event-feed/event-feed.query-handler';
import { EventFeedLiveHttpController } from './queries/event-feed/event-feed-live.http.controller';
import { LogPositionWatch } from './queries/event-feed/log-position-watch';
import { RegistrationPageHttpController } from './queries/registration-page/registration-page.http.controller';
import { RegistrationPageQueryHandler } from './queries/registration-page/registration-page.query-handler';
import { RegistrationExportHttpController } from './queries/registration-page/registration-export.http.controller';
import { RegistrationExportQueryHandler } from './queries/registration-page/registration-export.query-handler';
import { RegistrationsPerDayQueryHandler } from './queries/registration-page/registrations-per-day.query-handler';
import { GetCapacityHttpController } from './queries/get-capacity/get-capacity.http.controller';
import { GetCapacityQueryHandler } from './queries/get-capacity/get-capacity.query-handler';
import { GetPayerRegistrationHttpController } from './queries/get-payer-registration/get-payer-registration.http.controller';
import { GetPayerRegistrationQueryHandler } from './queries/get-payer-registration/get-payer-registration.query-handler';
import { GetRegistrationHttpController } from './queries/get-registration/get-registration.http.controller';
import { GetRegistrationQueryHandler } from './queries/get-registration/get-registration.query-handler';
import { ListRegistrationsHttpController } from './queries/list-registrations/list-registrations.http.controller';
import { ListRegistrationsQueryHandler } from './queries/list-registrations/list-registrations.query-handler';
import { GetAdminRegistrationQueryHandler } from './queries/list-registrations/get-admin-registration.query-handler';
import { RegistrationHistoryHttpController } from './queries/registration-history/registration-history.http.controller';
import { RegistrationHistoryQueryHandler } from './queries/registration-history/registration-history.query-handler';
import { RegistrationStore } from './registration-store';
import { CancellationRecorder } from './cancellations/cancellation-recorder';
import { CancelFromEmailHandler } from './commands/cancel-from-email/cancel-from-email.handler';
import { CancelFromEmailHttpController } from './commands/cancel-from-email/cancel-from-email.http.controller';
import { CancelRegistrationHandler } from './commands/cancel-registration/cancel-registration.handler';
import { CancelRegistrationHttpController } from './commands/cancel-registration/cancel-registration.http.controller';
import { PayForOfferHandler } from './commands/pay-for-offer/pay-for-offer.handler';
import { PayForOfferHttpController } from './commands/pay-for-offer/pay-for-offer.http.controller';
import { WaitingListOfferWorker } from './offers/waiting-list-offer-worker';
import { GetBookingHttpController } from './queries/get-booking/get-booking.http.controller';
import { GetBookingQueryHandler } from './queries/get-booking/get-booking.query-handler';

/**
 * Everything under registrations/: the visitors' and the operators' commands and queries, what
 * the payment provider's answers do to registrations (the webhook, the payment recorder, the
 * refund worker, the hold sweeper), and the one write side they share. The operator's routes are guarded with
 * @AdminOnly() (the admin module's guard).
 */
@Module({
  imports: [ServerLifecycleModule, SeatLedgerModule],
  controllers: [
    CreateRegistrationHttpController,
    ShareDreamHttpController,
    ResumeCheckoutHttpController,
    GiveBackSeatHttpController,
    GetCapacityHttpController,
    GetRegistrationHttpController,
    GetPayerRegistrationHttpController,
    ListRegistrationsHttpController,
    DeleteRegistrationHttpController,
    ConfirmWaitlistHttpController,
    SetPaidFlagHttpController,
    SetDreamCapturedHttpController,
    EditDreamHttpController,
    RegistrationHistoryHttpController,
    EventFeedHttpController,
    EventFeedLiveHttpController,
    RegistrationPageHttpController,
    RegistrationExportHttpController,
    HandlePaymentWebhookHttpController,
    CancelRegistrationHttpController,
    CancelFromEmailHttpController,
    GetBookingHttpController,
    PayForOfferHttpController,
  ],
  providers: [
    RegistrationStore,
    CreateRegistrationHandler,
    SlotAllocationBatcher,
    ShareDreamHandler,
    ResumeCheckoutHandler,
    GiveBackSeatHandler,
    GetCapacityQueryHandler,
    GetRegistrationQueryHandler,
    GetPayerRegistrationQueryHandler,
    ListRegistrationsQueryHandler,
    GetAdminRegistrationQueryHandler,
    DeleteRegistrationHandler,
    ConfirmWaitlistHandler,
    SetPaidFlagHandler,
    SetDreamCapturedHandler,
    EditDreamHandler,
    RegistrationHistoryQueryHandler,
    EventFeedQueryHandler,
    LogPositionWatch,
    RegistrationPageQueryHandler,
    RegistrationExportQueryHandler,
    RegistrationsPerDayQueryHandler,
    HandlePaymentWebhookHandler,
    PaymentRecorder,
    RefundWorker,
    HoldSweeper,
    CancellationRecorder,
    CancelRegistrationHandler,
    CancelFromEmailHandler,
    GetBookingQueryHandler,
    PayForOfferHandler,
    WaitingListOfferWorker,
  ],
  exports: [RegistrationStore, PaymentRecorder, RefundWorker, HoldSweeper, WaitingListOfferWorker],
})
export class RegistrationsModule {}
