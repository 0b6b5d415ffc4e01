import { Module } from '@nestjs/common';
import { ServerLifecycleModule } from '../common/server-lifecycle.module';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
import { ShareDreamHandler } from './commands/share-dream/share-dream.handler';
import { ShareDreamHttpController } from './commands/share-dream/share-dream.http.controller';
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
import { GetBookingHttpController } from './queries/get-booking/get-booking.http.controller';
import { GetBookingQueryHandler } from './queries/get-booking/get-booking.query-handler';

/**
 * Everything under registrations/: the visitors' and the operators' commands and queries, what
 * the payment provider's answers do to registrations (the webhook, the payment recorder, the
 * refund worker, the hold sweeper), and the one write side they share. The operator's routes are guarded with
 * @AdminOnly('<permission>') (the auth module's guard).
 */
@Module({
  imports: [ServerLifecycleModule, SeatLedgerModule],
  controllers: [
    ShareDreamHttpController,
    GetCapacityHttpController,
    GetRegistrationHttpController,
    GetPayerRegistrationHttpController,
    ListRegistrationsHttpController,
    RegistrationHistoryHttpController,
    EventFeedHttpController,
    EventFeedLiveHttpController,
    RegistrationPageHttpController,
    RegistrationExportHttpController,
    GetBookingHttpController,
  ],
  providers: [
    RegistrationStore,
    ShareDreamHandler,
    GetCapacityQueryHandler,
    GetRegistrationQueryHandler,
    GetPayerRegistrationQueryHandler,
    ListRegistrationsQueryHandler,
    GetAdminRegistrationQueryHandler,
    RegistrationHistoryQueryHandler,
    EventFeedQueryHandler,
    LogPositionWatch,
    RegistrationPageQueryHandler,
    RegistrationExportQueryHandler,
    RegistrationsPerDayQueryHandler,
    GetBookingQueryHandler,
  ],
  exports: [RegistrationStore],
})
export class RegistrationsModule {}
