import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminClock } from '../../../auth/admin-clock';
import { fieldRefused, ownerHasNoFactors, tooManyAttempts } from '../../../auth/admin-errors';
import { AdminSessions, provedUntil } from '../../../auth/admin-sessions';
import { isOwner, type StepUpMethod } from '../../../auth/operator';
import { findOperator } from '../../../auth/operator-view';
import { findCredentials, useTotpCode } from '../../credentials/second-factors';
import { passphraseMatches } from '../../domain/passphrase';
import { OperatorStore } from '../../operator-store';
import { accountThrottleKey, LoginThrottle } from '../../sign-in/login-throttle';
import { StepUpCommand } from './step-up.command';

export const STEP_UP_WRONG = 'That is not right. Try again.';
export const STEP_UP_ONE_PROOF = 'Give your passphrase or a code of your app.';

/**
 * A step-up: the signed-in operator proves again who they are, with the passphrase or a code of
 * the authenticator app, counted like a sign-in (per client network and per account: a stolen
 * cookie cannot guess the passphrase here either). A success marks the session proved now and
 * records OperatorSteppedUp; for STEP_UP_MINUTES the session may then change what signs its
 * operator in.
 */
@CommandHandler(StepUpCommand)
export class StepUpHandler implements ICommandHandler<StepUpCommand> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async execute({ proof, session, address, correlationId }: StepUpCommand): Promise<Date> {
    const operatorId = session.operator.id;
    if (isOwner(operatorId)) throw ownerHasNoFactors();
    const given = proof.passphrase ? 'passphrase' : proof.code ? 'code' : undefined;
    if (!given || (proof.passphrase && proof.code))
      throw fieldRefused('proof-missing', 'passphrase', STEP_UP_ONE_PROOF);
    const operator = await findOperator(this.dataSource, operatorId);
    if (!operator?.email) throw fieldRefused('proof-wrong', given, STEP_UP_WRONG);
    const method: StepUpMethod = given === 'passphrase' ? 'passphrase' : 'totp';
    let now = session.now;
    const result = await this.throttle.attempt(
      { network: address, account: accountThrottleKey(operator.email) },
      async (manager) => {
        const credentials = await findCredentials(manager, operatorId);
        if (!credentials) return false;
        if (proof.passphrase)
          return passphraseMatches(proof.passphrase, credentials.passphraseHash);
        now = await this.clock.now(manager);
        if (!proof.code) return false;
        return useTotpCode(manager, operatorId, credentials, proof.code, now);
      },
      async (manager, outcome) => {
        if (outcome.outcome !== 'accepted') return;
        now = await this.clock.now(manager);
        const loaded = await this.store.load(manager, operatorId);
        if (loaded.state?.state !== 'active') return;
        await this.sessions.prove(manager, session.id, now);
        await this.store.append(
          manager,
          loaded,
          [{ type: 'OperatorSteppedUp', data: { operatorId, sessionId: session.id, method } }],
          adminMetadata({ sessionId: session.id, correlationId, operatorId }),
        );
      },
    );
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'rejected') throw fieldRefused('proof-wrong', given, STEP_UP_WRONG);
    return provedUntil({ ...session, provedAt: now, now })!;
  }
}
