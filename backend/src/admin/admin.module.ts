import { Module } from '@nestjs/common';
import { AccountHttpController } from './account.http.controller';
import { AdminAuthHttpController } from './admin-auth.http.controller';
import { Invitations } from './invitations';
import { JoinHttpController } from './join.http.controller';
import { LoginThrottle } from './login-throttle';
import { OperatorAccounts } from './operator-accounts';
import { OperatorManagement } from './operator-management';
import { OperatorSignIn } from './operator-sign-in';
import { OperatorsHttpController } from './operators.http.controller';
import { OwnerSignIn } from './owner-sign-in';
import { StepUp } from './step-up';

/**
 * The operators' side of the Command Center: signing in and out (the owner's password, an
 * operator's passphrase and second factor, a passkey), the throttle, the signed-in operator's
 * account and second factors, joining with an invitation, and the owner's management of
 * operators. The sessions, the guard and the operators' write path are the auth module's.
 */
@Module({
  controllers: [
    AdminAuthHttpController,
    AccountHttpController,
    OperatorsHttpController,
    JoinHttpController,
  ],
  providers: [
    LoginThrottle,
    OwnerSignIn,
    OperatorSignIn,
    StepUp,
    OperatorAccounts,
    OperatorManagement,
    Invitations,
  ],
})
export class AdminModule {}
