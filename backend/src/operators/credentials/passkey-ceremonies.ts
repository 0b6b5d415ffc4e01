import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminClock } from '../../auth/admin-clock';
import { tooManyPasskeySignIns } from '../../auth/admin-errors';
import { findOperator } from '../../auth/operator-view';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { countRequests, type RateLimit } from '../../security/request-counts';
import {
  authenticationOptions,
  findPasskey,
  isAuthenticationResponse,
  isRegistrationResponse,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  storeChallenge,
  takeChallenge,
  verifyAuthentication,
  verifyRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys';

/**
 * Passkey sign-ins one address may start in a window: a person needs one or two, an office
 * behind one address a few more; each start keeps a challenge on the server for five minutes.
 */
export const PASSKEY_SIGN_INS_PER_ADDRESS: RateLimit = { limit: 30, windowSeconds: 300 };

/** A ceremony begun: the challenge's id to send back with the answer, and the browser's options. */
export interface CeremonyStarted {
  challengeId: string;
  options: Record<string, unknown>;
}

/**
 * The two passkey ceremonies with the site as relying party (PUBLIC_URL): each begins with
 * options whose challenge is kept on the server (five minutes, good once), and ends with the
 * browser's answer checked against that challenge, taken whatever the outcome, at the admin
 * clock's time. An answer that does not hold ends as undefined; the caller refuses it in its
 * own words.
 */
@Injectable()
export class PasskeyCeremonies {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The site as relying party, from its public address as configured now. */
  private get relyingParty(): RelyingParty {
    return relyingPartyOf(this.config.publicUrl);
  }

  /**
   * Adding a passkey: the options name the operator by email (by name when it has none) and
   * exclude its passkeys already there.
   */
  async startRegistration(operator: { id: string; name: string }): Promise<CeremonyStarted> {
    const row = await findOperator(this.dataSource, operator.id);
    const options = await registrationOptions(
      this.relyingParty,
      { ...operator, email: row?.email ?? operator.name },
      await listPasskeys(this.dataSource, operator.id),
    );
    return this.keep('registration', options, operator.id);
  }

  /**
   * Signing in: any of the site's passkeys (discoverable). Anyone may ask, and each start keeps
   * a challenge: PASSKEY_SIGN_INS_PER_ADDRESS per address and window (counted fleet-wide), past
   * which it is refused (429, with when to ask again).
   */
  async startSignIn(address: string): Promise<CeremonyStarted> {
    const [counted] = await countRequests(this.dataSource, [
      { bucket: 'passkey-sign-in', client: address, rule: PASSKEY_SIGN_INS_PER_ADDRESS },
    ]);
    if (!counted.allowed) throw tooManyPasskeySignIns(counted.retryAfterSeconds);
    return this.keep('authentication', await authenticationOptions(this.relyingParty), null);
  }

  /**
   * The new passkey, when the answer holds for a challenge this operator began and the passkey
   * is not stored yet; and the time it was checked.
   */
  async finishRegistration(
    challengeId: string,
    response: unknown,
    operatorId: string,
  ): Promise<
    | { passkey: Pick<StoredPasskey, 'id' | 'publicKey' | 'counter' | 'transports'>; now: Date }
    | undefined
  > {
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(this.dataSource, challengeId, 'registration', now);
    if (!challenge || challenge.operatorId !== operatorId) return undefined;
    if (!isRegistrationResponse(response)) return undefined;
    const passkey = await verifyRegistration(this.relyingParty, response, challenge.challenge);
    if (!passkey || (await findPasskey(this.dataSource, passkey.id))) return undefined;
    return { passkey, now };
  }

  /**
   * The stored passkey that answered and its new signature counter, when the answer holds for a
   * sign-in challenge; and the time it was checked.
   */
  async finishSignIn(
    challengeId: string,
    response: unknown,
  ): Promise<{ passkey: StoredPasskey; counter: number; now: Date } | undefined> {
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(this.dataSource, challengeId, 'authentication', now);
    if (!challenge || !isAuthenticationResponse(response)) return undefined;
    const passkey = await findPasskey(this.dataSource, response.id);
    if (!passkey) return undefined;
    const counter = await verifyAuthentication(
      this.relyingParty,
      response,
      challenge.challenge,
      passkey,
    );
    return counter === undefined ? undefined : { passkey, counter, now };
  }

  private async keep(
    purpose: 'registration' | 'authentication',
    options: { challenge: string },
    operatorId: string | null,
  ): Promise<CeremonyStarted> {
    const now = await this.clock.now(this.dataSource);
    const challengeId = await storeChallenge(
      this.dataSource,
      purpose,
      options.challenge,
      operatorId,
      now,
    );
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }
}
