import { Global, Module } from '@nestjs/common';
import { ConfirmWaitlistHandler } from '../registrations/commands/confirm-waitlist/confirm-waitlist.handler';
import { ConfirmWaitlistHttpController } from '../registrations/commands/confirm-waitlist/confirm-waitlist.http.controller';
import { DeleteRegistrationHandler } from '../registrations/commands/delete-registration/delete-registration.handler';
import { DeleteRegistrationHttpController } from '../registrations/commands/delete-registration/delete-registration.http.controller';
import { EditDreamHandler } from '../registrations/commands/edit-dream/edit-dream.handler';
import { EditDreamHttpController } from '../registrations/commands/edit-dream/edit-dream.http.controller';
import { SetDreamCapturedHandler } from '../registrations/commands/set-dream-captured/set-dream-captured.handler';
import { SetDreamCapturedHttpController } from '../registrations/commands/set-dream-captured/set-dream-captured.http.controller';
import { SetPaidFlagHandler } from '../registrations/commands/set-paid-flag/set-paid-flag.handler';
import { SetPaidFlagHttpController } from '../registrations/commands/set-paid-flag/set-paid-flag.http.controller';
import { EventFeedHttpController } from '../registrations/queries/event-feed/event-feed.http.controller';
import { EventFeedQueryHandler } from '../registrations/queries/event-feed/event-feed.query-handler';
import { EventFeedLiveHttpController } from '../registrations/queries/event-feed/event-feed-live.http.controller';
import { LogPositionWatch } from '../registrations/queries/event-feed/log-position-watch';
import { ListRegistrationsHttpController } from '../registrations/queries/list-registrations/list-registrations.http.controller';
import { ListRegistrationsQueryHandler } from '../registrations/queries/list-registrations/list-registrations.query-handler';
import { RegistrationPageHttpController } from '../registrations/queries/registration-page/registration-page.http.controller';
import { RegistrationPageQueryHandler } from '../registrations/queries/registration-page/registration-page.query-handler';
import { RegistrationExportHttpController } from '../registrations/queries/registration-page/registration-export.http.controller';
import { RegistrationExportQueryHandler } from '../registrations/queries/registration-page/registration-export.query-handler';
import { RegistrationsPerDayQueryHandler } from '../registrations/queries/registration-page/registrations-per-day.query-handler';
import { RegistrationHistoryHttpController } from '../registrations/queries/registration-history/registration-history.http.controller';
import { RegistrationHistoryQueryHandler } from '../registrations/queries/registration-history/registration-history.query-handler';
import { HealthModule } from '../health/health.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { AdminAuthHttpController } from './admin-auth.http.controller';
import { AdminClock } from './admin-clock';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessions } from './admin-sessions';
import { LoginThrottle } from './login-throttle';
import { SameOriginJsonGuard } from './same-origin-json.guard';

/**
 * The operator's side: login and sessions, the guard, and the operator's use cases (commands
 * and queries over the registrations). Global so that any module's controller can be guarded
 * with @AdminOnly().
 */
@Global()
@Module({
  imports: [RegistrationsModule, HealthModule],
  controllers: [
    AdminAuthHttpController,
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
  ],
  providers: [
    AdminClock,
    AdminSessions,
    LoginThrottle,
    SameOriginJsonGuard,
    AdminSessionGuard,
    ListRegistrationsQueryHandler,
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
  ],
  exports: [AdminClock, AdminSessions, SameOriginJsonGuard, AdminSessionGuard],
})
export class AdminModule {}
