import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { AdminClock } from '../../../auth/admin-clock';
import { tooManyAttempts, wrongCredentials } from '../../../auth/admin-errors';
import { AdminSessions, type OpenedAdminSession } from '../../../auth/admin-sessions';
import { hasSecondFactor, type OperatorEvent, type SignInMethod } from '../../../auth/operator';
import { findOperatorByEmail } from '../../../auth/operator-view';
import {
  findCredentials,
  TOTP_CODE,
  useRecoveryCode,
  useTotpCode,
} from '../../credentials/second-factors';
import { NO_PASSPHRASE, passphraseMatches } from '../../domain/passphrase';
import { OperatorStore } from '../../operator-store';
import {
  accountThrottleKey,
  LOGIN_FAILURE_WINDOW_MS,
  LoginThrottle,
} from '../../sign-in/login-throttle';
import { openOperatorSession } from '../../sign-in/open-operator-session';
import { LogInAsOperatorCommand } from './log-in-as-operator.command';

/**
 * An invited operator's sign-in by email, passphrase and a second factor's code, throttled per
 * address and per account like the owner's password (401 for any wrong part, 429 throttled). A
 * suspended or erased operator is refused like a wrong passphrase. A sign-in opens a session and
 * records OperatorSignedIn in the operator's stream, in one transaction.
 */
@CommandHandler(LogInAsOperatorCommand)
export class LogInAsOperatorHandler implements ICommandHandler<LogInAsOperatorCommand> {
  constructor(
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({
    credentials,
    origin,
    correlationId,
  }: LogInAsOperatorCommand): Promise<OpenedAdminSession> {
    let signedIn: { operatorId: string; method: SignInMethod } | undefined;
    const result = await this.throttle.attempt(
      { network: origin.address, account: accountThrottleKey(credentials.email) },
      async (manager) => {
        signedIn = await this.checkPassphraseAndCode(manager, credentials);
        return signedIn !== undefined;
      },
      async (manager, outcome) => {
        if (outcome.outcome !== 'rejected') return;
        await this.recordFailure(
          manager,
          correlationId,
          credentials.email,
          origin.address,
          outcome.lockedOut,
        );
      },
    );
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'rejected' || !signedIn) throw wrongCredentials();
    const session = await openOperatorSession(this.store, this.sessions, {
      ...signedIn,
      origin,
      correlationId,
    });
    if (!session) throw wrongCredentials();
    return session;
  }

  /**
   * A failed sign-in at a known operator's email is a fact of their stream (OperatorSignInFailed,
   * and OperatorLockedOut on the failure that closed the door), as the owner's are of theirs:
   * the owner sees someone guessing. Recorded by no one in particular (actor `visitor`); an
   * unknown email records nothing, and an erased operator has no stream to tell.
   */
  private async recordFailure(
    manager: EntityManager,
    correlationId: string,
    email: string,
    network: string,
    lockedOut: boolean,
  ): Promise<void> {
    const operator = await findOperatorByEmail(manager, email);
    if (!operator || operator.state === 'erased') return;
    const loaded = await this.store.load(manager, operator.id);
    const events: OperatorEvent[] = [
      { type: 'OperatorSignInFailed', data: { operatorId: operator.id, network } },
    ];
    if (lockedOut) {
      events.push({
        type: 'OperatorLockedOut',
        data: { operatorId: operator.id, network, minutes: LOGIN_FAILURE_WINDOW_MS / 60_000 },
      });
    }
    await this.store.append(manager, loaded, events, { actor: 'visitor', correlationId });
  }

  private async checkPassphraseAndCode(
    manager: EntityManager,
    body: { email: string; passphrase: string; code?: string },
  ): Promise<{ operatorId: string; method: SignInMethod } | undefined> {
    const operator = await findOperatorByEmail(manager, body.email);
    const credentials = operator && (await findCredentials(manager, operator.id));
    // An unknown email costs the same hashing as a known one.
    const passphraseRight = await passphraseMatches(
      body.passphrase,
      credentials?.passphraseHash ?? NO_PASSPHRASE,
    );
    if (!operator || !credentials || !passphraseRight || operator.state !== 'active') {
      return undefined;
    }
    const now = await this.clock.now(manager);
    const code = (body.code ?? '').trim();
    // No second factor yet (joined and left, or the owner reset it): the passphrase opens a
    // session that may only set one up. With a factor, the code is never optional.
    if (!hasSecondFactor(operator)) {
      return code === '' ? { operatorId: operator.id, method: 'passphrase' } : undefined;
    }
    if (TOTP_CODE.test(code)) {
      if (!(await useTotpCode(manager, operator.id, credentials, code, now))) return undefined;
      return { operatorId: operator.id, method: 'totp' };
    }
    if (await useRecoveryCode(manager, operator.id, code, now)) {
      return { operatorId: operator.id, method: 'recovery-code' };
    }
    return undefined;
  }
}
