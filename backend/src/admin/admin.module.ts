import { Global, Module } from '@nestjs/common';
import { AdminAuthHttpController } from './admin-auth.http.controller';
import { AdminClock } from './admin-clock';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessions } from './admin-sessions';
import { LoginThrottle } from './login-throttle';
import { SameOriginJsonGuard } from './same-origin-json.guard';

/**
 * The operator's login and sessions, and the guard. Global so that any module's controller (the
 * operator's use cases live with the registrations) can be guarded with @AdminOnly().
 */
@Global()
@Module({
  controllers: [AdminAuthHttpController],
  providers: [AdminClock, AdminSessions, LoginThrottle, SameOriginJsonGuard, AdminSessionGuard],
  exports: [AdminClock, AdminSessions, SameOriginJsonGuard, AdminSessionGuard],
})
export class AdminModule {}
