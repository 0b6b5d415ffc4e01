import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { adminMetadata } from '../../auth/admin-actor';
import { AdminClock } from '../../auth/admin-clock';
import {
  fieldRefused,
  ownerHasNoFactors,
  stepUpFirst,
  tooManyAttempts,
} from '../../auth/admin-errors';
import { AdminSessions, provedUntil, type AdminSession } from '../../auth/admin-sessions';
import { isOwner, type StepUpMethod } from '../../auth/operator';
import { OperatorStore } from '../operator-store';
import { findOperator } from '../../auth/operator-view';
import { passphraseMatches } from '../domain/passphrase';
import { findCredentials, useTotpCode } from '../credentials/second-factors';
import { requestId } from '../../common/request-id';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { accountThrottleKey, LoginThrottle } from '../sign-in/login-throttle';
import { sessionOrigin } from '../sign-in/operator-sign-in';

export const STEP_UP_WRONG = 'That is not right. Try again.';
export const STEP_UP_ONE_PROOF = 'Give your passphrase or a code of your app.';

/** Refuses (403) a change of what signs the operator in unless the session proved itself lately. */
export function requireFreshProof(session: AdminSession): void {
  if (!provedUntil(session)) throw stepUpFirst();
}

/**
 * A step-up: the signed-in operator proves again who they are, with the passphrase or a code of
 * the authenticator app, counted like a sign-in (per client network and per account: a stolen
 * cookie cannot guess the passphrase here either). A success marks the session proved now and
 * records OperatorSteppedUp; for STEP_UP_MINUTES the session may then change what signs its
 * operator in.
 */
@Injectable()
export class StepUp {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly throttle: LoginThrottle,
  ) {}

  async prove(
    request: Request,
    session: AdminSession,
    body: { passphrase?: string; code?: string },
  ): Promise<Date> {
    const operatorId = session.operator.id;
    if (isOwner(operatorId)) throw ownerHasNoFactors();
    const given = body.passphrase ? 'passphrase' : body.code ? 'code' : undefined;
    if (!given || (body.passphrase && body.code))
      throw fieldRefused('proof-missing', 'passphrase', STEP_UP_ONE_PROOF);
    const operator = await findOperator(this.dataSource, operatorId);
    if (!operator?.email) throw fieldRefused('proof-wrong', given, STEP_UP_WRONG);
    const method: StepUpMethod = given === 'passphrase' ? 'passphrase' : 'totp';
    let now = session.now;
    const result = await this.throttle.attempt(
      {
        network: sessionOrigin(request, this.config).address,
        account: accountThrottleKey(operator.email),
      },
      async (manager) => {
        const credentials = await findCredentials(manager, operatorId);
        if (!credentials) return false;
        if (body.passphrase) return passphraseMatches(body.passphrase, credentials.passphraseHash);
        now = await this.clock.now(manager);
        if (!body.code) return false;
        return useTotpCode(manager, operatorId, credentials, body.code, now);
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
          adminMetadata({ sessionId: session.id, correlationId: requestId(request), operatorId }),
        );
      },
    );
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'rejected') throw fieldRefused('proof-wrong', given, STEP_UP_WRONG);
    return provedUntil({ ...session, provedAt: now, now })!;
  }
}
