import { Module } from '@nestjs/common';
import { AccountHttpController } from './account/account.http.controller';
import { AdminAuthHttpController } from './sign-in/admin-auth.http.controller';
import { Invitations } from './join/invitations';
import { JoinHttpController } from './join/join.http.controller';
import { LoginThrottle } from './sign-in/login-throttle';
import { OperatorAccounts } from './account/operator-accounts';
import { OperatorManagement } from './management/operator-management';
import { OperatorStore } from './operator-store';
import { OperatorSignIn } from './sign-in/operator-sign-in';
import { OperatorsHttpController } from './management/operators.http.controller';
import { OwnerSignIn } from './sign-in/owner-sign-in';
import { StepUp } from './account/step-up';

/**
 * The operators' side of the Command Center: signing in and out (the owner's password, an
 * operator's passphrase and second factor, a passkey), the throttle, the signed-in operator's
 * account and second factors, joining with an invitation, and the owner's management of
 * operators, through the operators' store (their write path). The sessions, the guard, the
 * permissions and the operators' read model every feature reads are the auth module's.
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
    OperatorStore,
  ],
})
export class OperatorsModule {}
