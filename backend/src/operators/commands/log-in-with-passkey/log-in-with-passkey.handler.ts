import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { passkeyRefused } from '../../../auth/admin-errors';
import { AdminSessions, type OpenedAdminSession } from '../../../auth/admin-sessions';
import { PasskeyCeremonies } from '../../credentials/passkey-ceremonies';
import { recordPasskeyUse } from '../../credentials/passkeys';
import { OperatorStore } from '../../operator-store';
import { openOperatorSession } from '../../sign-in/open-operator-session';
import { LogInWithPasskeyCommand } from './log-in-with-passkey.command';

/**
 * A passkey's answer to a ceremony (its challenge taken once): its operator's new session, the
 * passkey's counter moved on and OperatorSignedIn recorded in one transaction, or 401.
 */
@CommandHandler(LogInWithPasskeyCommand)
export class LogInWithPasskeyHandler implements ICommandHandler<LogInWithPasskeyCommand> {
  constructor(
    private readonly ceremonies: PasskeyCeremonies,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({
    passkey: answer,
    origin,
    correlationId,
  }: LogInWithPasskeyCommand): Promise<OpenedAdminSession> {
    const signedIn = await this.ceremonies.finishSignIn(answer.challengeId, answer.response);
    if (!signedIn) throw passkeyRefused();
    const { passkey, counter, now } = signedIn;
    const session = await openOperatorSession(
      this.store,
      this.sessions,
      { operatorId: passkey.operatorId, method: 'passkey', origin, correlationId },
      async (manager) => recordPasskeyUse(manager, passkey, counter, now),
    );
    if (!session) throw passkeyRefused();
    return session;
  }
}
