import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AdminClock } from '../../../auth/admin-clock';
import { passkeyRefused } from '../../../auth/admin-errors';
import { AdminSessions, type OpenedAdminSession } from '../../../auth/admin-sessions';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import {
  findPasskey,
  isAuthenticationResponse,
  recordPasskeyUse,
  relyingPartyOf,
  takeChallenge,
  verifyAuthentication,
} from '../../credentials/passkeys';
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
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({
    passkey: answer,
    origin,
    correlationId,
  }: LogInWithPasskeyCommand): Promise<OpenedAdminSession> {
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(
      this.dataSource,
      answer.challengeId,
      'authentication',
      now,
    );
    if (!challenge || !isAuthenticationResponse(answer.response)) throw passkeyRefused();
    const passkey = await findPasskey(this.dataSource, answer.response.id);
    if (!passkey) throw passkeyRefused();
    const counter = await verifyAuthentication(
      relyingPartyOf(this.config.publicUrl),
      answer.response,
      challenge.challenge,
      passkey,
    );
    if (counter === undefined) throw passkeyRefused();
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
