import { Module } from '@nestjs/common';
import { GetAccountHttpController } from './queries/get-account/get-account.http.controller';
import { GetAccountQueryHandler } from './queries/get-account/get-account.query-handler';
import { StepUpHttpController } from './commands/step-up/step-up.http.controller';
import { StepUpHandler } from './commands/step-up/step-up.handler';
import { StartPasskeyRegistrationHttpController } from './commands/start-passkey-registration/start-passkey-registration.http.controller';
import { StartPasskeyRegistrationHandler } from './commands/start-passkey-registration/start-passkey-registration.handler';
import { AddPasskeyHttpController } from './commands/add-passkey/add-passkey.http.controller';
import { AddPasskeyHandler } from './commands/add-passkey/add-passkey.handler';
import { RenamePasskeyHttpController } from './commands/rename-passkey/rename-passkey.http.controller';
import { RenamePasskeyHandler } from './commands/rename-passkey/rename-passkey.handler';
import { RemovePasskeyHttpController } from './commands/remove-passkey/remove-passkey.http.controller';
import { RemovePasskeyHandler } from './commands/remove-passkey/remove-passkey.handler';
import { StartTotpHttpController } from './commands/start-totp/start-totp.http.controller';
import { StartTotpHandler } from './commands/start-totp/start-totp.handler';
import { ConfirmTotpHttpController } from './commands/confirm-totp/confirm-totp.http.controller';
import { ConfirmTotpHandler } from './commands/confirm-totp/confirm-totp.handler';
import { RenewRecoveryCodesHttpController } from './commands/renew-recovery-codes/renew-recovery-codes.http.controller';
import { RenewRecoveryCodesHandler } from './commands/renew-recovery-codes/renew-recovery-codes.handler';
import { LogInHttpController } from './commands/log-in/log-in.http.controller';
import { LogInHandler } from './commands/log-in/log-in.handler';
import { LogInAsOperatorHttpController } from './commands/log-in-as-operator/log-in-as-operator.http.controller';
import { LogInAsOperatorHandler } from './commands/log-in-as-operator/log-in-as-operator.handler';
import { StartPasskeySignInHttpController } from './commands/start-passkey-sign-in/start-passkey-sign-in.http.controller';
import { StartPasskeySignInHandler } from './commands/start-passkey-sign-in/start-passkey-sign-in.handler';
import { LogInWithPasskeyHttpController } from './commands/log-in-with-passkey/log-in-with-passkey.http.controller';
import { LogInWithPasskeyHandler } from './commands/log-in-with-passkey/log-in-with-passkey.handler';
import { LogOutHttpController } from './commands/log-out/log-out.http.controller';
import { LogOutHandler } from './commands/log-out/log-out.handler';
import { GetAdminSessionHttpController } from './queries/get-admin-session/get-admin-session.http.controller';
import { GetAdminSessionQueryHandler } from './queries/get-admin-session/get-admin-session.query-handler';
import { ReadInvitationHttpController } from './queries/read-invitation/read-invitation.http.controller';
import { ReadInvitationQueryHandler } from './queries/read-invitation/read-invitation.query-handler';
import { JoinAsOperatorHttpController } from './commands/join-as-operator/join-as-operator.http.controller';
import { JoinAsOperatorHandler } from './commands/join-as-operator/join-as-operator.handler';
import { LoginThrottle } from './sign-in/login-throttle';
import { OperatorStore } from './operator-store';
import { ListOperatorsHttpController } from './queries/list-operators/list-operators.http.controller';
import { ListOperatorsQueryHandler } from './queries/list-operators/list-operators.query-handler';
import { InviteOperatorHttpController } from './commands/invite-operator/invite-operator.http.controller';
import { InviteOperatorHandler } from './commands/invite-operator/invite-operator.handler';
import { ChangeOperatorHttpController } from './commands/change-operator/change-operator.http.controller';
import { ChangeOperatorHandler } from './commands/change-operator/change-operator.handler';
import { EndOperatorSessionHttpController } from './commands/end-operator-session/end-operator-session.http.controller';
import { EndOperatorSessionHandler } from './commands/end-operator-session/end-operator-session.handler';
import { RemoveOperatorPasskeyHttpController } from './commands/remove-operator-passkey/remove-operator-passkey.http.controller';
import { RemoveOperatorPasskeyHandler } from './commands/remove-operator-passkey/remove-operator-passkey.handler';
import { ResetOperatorSecondFactorHttpController } from './commands/reset-operator-second-factor/reset-operator-second-factor.http.controller';
import { ResetOperatorSecondFactorHandler } from './commands/reset-operator-second-factor/reset-operator-second-factor.handler';
import { EraseOperatorHttpController } from './commands/erase-operator/erase-operator.http.controller';
import { PasskeyCeremonies } from './credentials/passkey-ceremonies';
import { EraseOperatorHandler } from './commands/erase-operator/erase-operator.handler';

/**
 * The operators' side of the Command Center: signing in and out (the owner's password, an
 * operator's passphrase and second factor, a passkey), the throttle, the signed-in operator's
 * account and second factors, joining with an invitation, and the owner's management of
 * operators, through the operators' store (their write path). The sessions, the guard, the
 * permissions and the operators' read model every feature reads are the auth module's.
 */
@Module({
  controllers: [
    // Signing in and out, one use case each, in the order of their routes.
    LogInHttpController,
    LogInAsOperatorHttpController,
    StartPasskeySignInHttpController,
    LogInWithPasskeyHttpController,
    LogOutHttpController,
    GetAdminSessionHttpController,
    // The signed-in operator's account, one use case each, in the order of their routes.
    GetAccountHttpController,
    StepUpHttpController,
    StartPasskeyRegistrationHttpController,
    AddPasskeyHttpController,
    RenamePasskeyHttpController,
    RemovePasskeyHttpController,
    StartTotpHttpController,
    ConfirmTotpHttpController,
    RenewRecoveryCodesHttpController,
    // The owner's management of operators, one use case each, in the order of their routes.
    ListOperatorsHttpController,
    InviteOperatorHttpController,
    ChangeOperatorHttpController,
    EndOperatorSessionHttpController,
    RemoveOperatorPasskeyHttpController,
    ResetOperatorSecondFactorHttpController,
    EraseOperatorHttpController,
    ReadInvitationHttpController,
    JoinAsOperatorHttpController,
  ],
  providers: [
    LoginThrottle,
    LogInHandler,
    LogInAsOperatorHandler,
    StartPasskeySignInHandler,
    LogInWithPasskeyHandler,
    LogOutHandler,
    GetAdminSessionQueryHandler,
    GetAccountQueryHandler,
    StepUpHandler,
    StartPasskeyRegistrationHandler,
    AddPasskeyHandler,
    RenamePasskeyHandler,
    RemovePasskeyHandler,
    StartTotpHandler,
    ConfirmTotpHandler,
    RenewRecoveryCodesHandler,
    ListOperatorsQueryHandler,
    InviteOperatorHandler,
    ChangeOperatorHandler,
    EndOperatorSessionHandler,
    RemoveOperatorPasskeyHandler,
    ResetOperatorSecondFactorHandler,
    EraseOperatorHandler,
    ReadInvitationQueryHandler,
    JoinAsOperatorHandler,
    OperatorStore,
    PasskeyCeremonies,
  ],
})
export class OperatorsModule {}
