import { Module } from '@nestjs/common';
import { AdminAuthHttpController } from './admin-auth.http.controller';
import { LoginThrottle } from './login-throttle';

/** The operator's login and logout; the sessions and the guard are the auth module's. */
@Module({
  controllers: [AdminAuthHttpController],
  providers: [LoginThrottle],
})
export class AdminModule {}
