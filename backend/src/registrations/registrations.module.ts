import { Module } from '@nestjs/common';
import { ServerLifecycleModule } from '../common/server-lifecycle.module';
import { SeatLedgerModule } from '../seat-ledger/seat-ledger.module';
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
import { GetRegistrationHttpController } from './queries/get-registration/get-registration.http.controller';
import { GetRegistrationQueryHandler } from './queries/get-registration/get-registration.query-handler';
import { ListRegistrationsHttpController } from './queries/list-registrations/list-registrations.http.controller';
import { ListRegistrationsQueryHandler } from './queries/list-registrations/list-registrations.query-handler';
import { GetAdminRegistrationQueryHandler } from './queries/list-registrations/get-admin-registration.query-handler';
import { RegistrationHistoryHttpController } from './queries/registration-history/registration-history.http.controller';
import { RegistrationHistoryQueryHandler } from './queries/registration-history/registration-history.query-handler';
import { RegistrationStore } from './registration-store';
import { AccountsHttpController } from './queries/accounts/accounts.http.controller';
import { AccountsCsvHttpController } from './queries/accounts/accounts-csv.http.controller';
import { AccountsQueryHandler } from './queries/accounts/accounts.query-handler';
import { MoneyMovementsQueryHandler } from './queries/accounts/money-movements.query-handler';
import { RegistrationPortsModule } from './registration-ports.module';
import { ShowReminderPlanner } from './show-reminder-planner';

/**
 * The registrations' core: the one write side (RegistrationStore) every capability writes
 * through, and the queries more than one of them reads (the capacity, a registration, the
 * console's lists, pages, exports, history and live feed). The operator's routes are guarded
 * with @AdminOnly('<permission>') (the auth module's guard).
 */
@Module({
  imports: [ServerLifecycleModule, SeatLedgerModule, RegistrationPortsModule],
  controllers: [
    GetCapacityHttpController,
    GetRegistrationHttpController,
    ListRegistrationsHttpController,
    RegistrationHistoryHttpController,
    EventFeedHttpController,
    EventFeedLiveHttpController,
    RegistrationPageHttpController,
    RegistrationExportHttpController,
    AccountsHttpController,
    AccountsCsvHttpController,
  ],
  providers: [
    RegistrationStore,
    GetCapacityQueryHandler,
    GetRegistrationQueryHandler,
    ListRegistrationsQueryHandler,
    GetAdminRegistrationQueryHandler,
    RegistrationHistoryQueryHandler,
    EventFeedQueryHandler,
    LogPositionWatch,
    RegistrationPageQueryHandler,
    RegistrationExportQueryHandler,
    RegistrationsPerDayQueryHandler,
    ShowReminderPlanner,
    AccountsQueryHandler,
    MoneyMovementsQueryHandler,
  ],
  exports: [RegistrationStore, ShowReminderPlanner],
})
export class RegistrationsModule {}
