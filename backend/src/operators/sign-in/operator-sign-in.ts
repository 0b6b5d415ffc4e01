import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource, type EntityManager } from 'typeorm';
import { adminMetadata } from '../../auth/admin-actor';
import { AdminClock } from '../../auth/admin-clock';
import {
  passkeyRefused,
  tooManyAttempts,
  tooManyPasskeySignIns,
  wrongCredentials,
} from '../../auth/admin-errors';
import {
  AdminSessions,
  type OpenedAdminSession,
  type SessionOperator,
} from '../../auth/admin-sessions';
import { deviceName } from '../../auth/device-name';
import {
  hasSecondFactor,
  isOwner,
  type OperatorEvent,
  type SignInMethod,
} from '../../auth/operator';
import { OperatorStore } from '../operator-store';
import { findOperatorByEmail } from '../../auth/operator-view';
import { NO_PASSPHRASE, passphraseMatches } from '../domain/passphrase';
import {
  isAuthenticationResponse,
  authenticationOptions,
  findPasskey,
  recordPasskeyUse,
  relyingPartyOf,
  storeChallenge,
  takeChallenge,
  verifyAuthentication,
} from '../credentials/passkeys';
import {
  findCredentials,
  TOTP_CODE,
  useRecoveryCode,
  useTotpCode,
} from '../credentials/second-factors';
import { requestId } from '../../common/request-id';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { clientIdentityOf } from '../../security/client-identity';
import { accountThrottleKey, LOGIN_FAILURE_WINDOW_MS, LoginThrottle } from './login-throttle';
import type { PasskeyRequestOptionsDto } from '../operator-answers.dto';
import { countRequests, type RateLimit } from '../../security/request-counts';

/**
 * Passkey sign-ins one address may start in a window: a person needs one or two, an office
 * behind one address a few more; each start keeps a challenge on the server for five minutes.
 */
export const PASSKEY_SIGN_INS_PER_ADDRESS: RateLimit = { limit: 30, windowSeconds: 300 };

/** Where a request comes from, as a session keeps it: the device and the client's address. */
export function sessionOrigin(
  request: Request,
  config: AppConfig,
): { device: string; address: string } {
  return {
    device: deviceName(request.headers['user-agent']),
    address: clientIdentityOf(request, config.clientIpv6PrefixLength),
  };
}

/**
 * An invited operator's sign-in: by email, passphrase and a second factor's code (throttled per
 * address and per account, like the owner's password), or by a passkey alone. A suspended or
 * erased operator is refused like a wrong passphrase. Each sign-in opens a session and records
 * OperatorSignedIn in the operator's stream, in one transaction.
 */
@Injectable()
export class OperatorSignIn {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Email, passphrase and a TOTP or recovery code; 401 for any wrong part, 429 throttled. */
  async withPassphrase(
    request: Request,
    body: { email: string; passphrase: string; code?: string },
  ): Promise<OpenedAdminSession> {
    const origin = sessionOrigin(request, this.config);
    let signedIn: { operatorId: string; method: SignInMethod } | undefined;
    const result = await this.throttle.attempt(
      { network: origin.address, account: accountThrottleKey(body.email) },
      async (manager) => {
        signedIn = await this.checkPassphraseAndCode(manager, body);
        return signedIn !== undefined;
      },
      async (manager, outcome) => {
        if (outcome.outcome !== 'rejected') return;
        await this.recordFailure(manager, request, body.email, origin.address, outcome.lockedOut);
      },
    );
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'rejected' || !signedIn) throw wrongCredentials();
    const session = await this.open(request, signedIn.operatorId, signedIn.method);
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
    request: Request,
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
    await this.store.append(manager, loaded, events, {
      actor: 'visitor',
      correlationId: requestId(request),
    });
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

  /**
   * A ceremony to sign in with a passkey: any of the site's passkeys (discoverable). Each keeps a
   * challenge on the server, and anyone may ask: PASSKEY_SIGN_INS_PER_ADDRESS per address and
   * window (counted fleet-wide), past which it is refused (429, with when to ask again).
   */
  async passkeyOptions(request: Request): Promise<PasskeyRequestOptionsDto> {
    const [counted] = await countRequests(this.dataSource, [
      {
        bucket: 'passkey-sign-in',
        client: clientIdentityOf(request, this.config.clientIpv6PrefixLength),
        rule: PASSKEY_SIGN_INS_PER_ADDRESS,
      },
    ]);
    if (!counted.allowed) throw tooManyPasskeySignIns(counted.retryAfterSeconds);
    const options = await authenticationOptions(relyingPartyOf(this.config.publicUrl));
    const now = await this.clock.now(this.dataSource);
    const challengeId = await storeChallenge(
      this.dataSource,
      'authentication',
      options.challenge,
      null,
      now,
    );
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }

  /** A passkey's answer to a ceremony: its operator's new session, or 401. */
  async withPasskey(
    request: Request,
    body: { challengeId: string; response: unknown },
  ): Promise<OpenedAdminSession> {
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(this.dataSource, body.challengeId, 'authentication', now);
    if (!challenge || !isAuthenticationResponse(body.response)) throw passkeyRefused();
    const passkey = await findPasskey(this.dataSource, body.response.id);
    if (!passkey) throw passkeyRefused();
    const counter = await verifyAuthentication(
      relyingPartyOf(this.config.publicUrl),
      body.response,
      challenge.challenge,
      passkey,
    );
    if (counter === undefined) throw passkeyRefused();
    const session = await this.open(request, passkey.operatorId, 'passkey', async (manager) =>
      recordPasskeyUse(manager, passkey, counter, now),
    );
    if (!session) throw passkeyRefused();
    return session;
  }

  /**
   * Opens the session of an active operator and records OperatorSignedIn, with `confirm` (a
   * passkey's counter moved on) in the same transaction; undefined when the operator is no
   * longer active or `confirm` refuses.
   */
  private open(
    request: Request,
    operatorId: string,
    method: SignInMethod,
    confirm?: (manager: EntityManager) => Promise<boolean>,
  ): Promise<OpenedAdminSession | undefined> {
    return this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const state = loaded.state;
      if (!state || state.state !== 'active' || !state.name) return undefined;
      if (confirm && !(await confirm(manager))) return undefined;
      const operator: SessionOperator = {
        id: operatorId,
        name: state.name,
        role: state.role,
        secondFactorRequired: !hasSecondFactor(state),
      };
      const session = await this.sessions.open(
        operator,
        sessionOrigin(request, this.config),
        manager,
      );
      await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorSignedIn', data: { operatorId, sessionId: session.id, method } }],
        adminMetadata({ sessionId: session.id, correlationId: requestId(request), operatorId }),
      );
      return session;
    });
  }

  /** Signing out: the session ends everywhere; an operator's sign-out is a fact of its stream. */
  async signOut(request: Request, token: string | undefined): Promise<void> {
    const ended = await this.sessions.end(token);
    if (!ended || isOwner(ended.operatorId)) return;
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, ended.operatorId);
      if (!loaded.state || loaded.state.state === 'erased') return;
      await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorSignedOut',
            data: { operatorId: ended.operatorId, sessionId: ended.id, reason: 'signed-out' },
          },
        ],
        adminMetadata({
          sessionId: ended.id,
          correlationId: requestId(request),
          operatorId: ended.operatorId,
        }),
      );
    });
  }
}
