import { Global, Module } from '@nestjs/common';
import { AdminClock } from './admin-clock';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessions } from './admin-sessions';
import { SameOriginJsonGuard } from './same-origin-json.guard';

/**
 * The operators' sessions and the guards. Global so that any module's
 * controller (the tour's, the registrations', the Command Center's) can be guarded with
 * @AdminOnly('<permission>').
 */
@Global()
@Module({
  providers: [AdminClock, AdminSessions, SameOriginJsonGuard, AdminSessionGuard],
  exports: [AdminClock, AdminSessions, SameOriginJsonGuard, AdminSessionGuard],
})
export class AuthModule {}
