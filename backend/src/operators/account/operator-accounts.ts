import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { adminMetadata, type AdminActor } from '../../auth/admin-actor';
import { AdminClock } from '../../auth/admin-clock';
import { fieldRefused, ownerHasNoFactors } from '../../auth/admin-errors';
import { provedUntil, type AdminSession } from '../../auth/admin-sessions';
import { deviceName } from '../../auth/device-name';
import { isOwner } from '../../auth/operator';
import { OperatorStore } from '../operator-store';
import { findOperator } from '../../auth/operator-view';
import {
  isRegistrationResponse,
  findPasskey,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  storeChallenge,
  storePasskey,
  takeChallenge,
  verifyRegistration,
} from '../credentials/passkeys';
import { recoveryCodesLeft } from '../credentials/second-factors';
import { OWNER_NAME } from '../../auth/permissions';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { OutboxWorker } from '../../notifications/outbox-worker';
import { noticeFactorChange } from './factor-notices';
import type { AccountDto, PasskeyCreationOptionsDto, PasskeyDto } from '../operator-answers.dto';
import { requireFreshProof } from './step-up';

export const PASSKEY_NOT_REGISTERED = 'This passkey could not be registered.';
export const TOTP_CODE_WRONG = 'That code is not right. Try the newest one.';
export const NO_SUCH_PASSKEY = 'No such passkey on this account.';
export const LAST_FACTOR =
  'This is your last way to sign in besides the passphrase: add another passkey or an authenticator app first.';

/**
 * The signed-in operator's own account: what it holds, and its second factors. A passkey or a
 * confirmed TOTP is what ends `secondFactorRequired` after joining (each is an event of the
 * operator's stream, which operator_view folds). Whatever changes what signs the operator in
 * (a passkey added or removed, the app set up, new recovery codes) asks for a session proved in
 * the last few minutes (StepUp), is recorded in the operator's stream and told to the operator
 * by email. The owner has no factors: the password is theirs.
 */
@Injectable()
export class OperatorAccounts {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async account(session: AdminSession): Promise<AccountDto> {
    const operator = session.operator;
    if (isOwner(operator.id)) {
      return {
        id: operator.id,
        number: 0,
        name: OWNER_NAME,
        email: null,
        role: 'owner',
        passkeys: [],
        totp: false,
        recoveryCodesLeft: 0,
        provedUntil: null,
      };
    }
    const [row, passkeys, left] = await Promise.all([
      findOperator(this.dataSource, operator.id),
      listPasskeys(this.dataSource, operator.id),
      recoveryCodesLeft(this.dataSource, operator.id),
    ]);
    return {
      id: operator.id,
      number: row?.number ?? 0,
      name: operator.name,
      email: row?.email ?? null,
      role: operator.role,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
      totp: row?.totp ?? false,
      recoveryCodesLeft: left,
      provedUntil: provedUntil(session)?.toISOString() ?? null,
    };
  }

  async passkeyOptions(session: AdminSession): Promise<PasskeyCreationOptionsDto> {
    const operator = session.operator;
    if (isOwner(operator.id)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const row = await findOperator(this.dataSource, operator.id);
    const options = await registrationOptions(
      relyingPartyOf(this.config.publicUrl),
      { id: operator.id, email: row?.email ?? operator.name, name: operator.name },
      await listPasskeys(this.dataSource, operator.id),
    );
    const now = await this.clock.now(this.dataSource);
    const challengeId = await storeChallenge(
      this.dataSource,
      'registration',
      options.challenge,
      operator.id,
      now,
    );
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }

  async addPasskey(
    actor: AdminActor,
    session: AdminSession,
    request: Request,
    body: { challengeId: string; response: unknown; name?: string },
  ): Promise<PasskeyDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(this.dataSource, body.challengeId, 'registration', now);
    const refused = () =>
      fieldRefused('passkey-not-registered', 'response', PASSKEY_NOT_REGISTERED);
    if (!challenge || challenge.operatorId !== actor.operatorId) throw refused();
    if (!isRegistrationResponse(body.response)) throw refused();
    const verified = await verifyRegistration(
      relyingPartyOf(this.config.publicUrl),
      body.response,
      challenge.challenge,
    );
    if (!verified || (await findPasskey(this.dataSource, verified.id))) throw refused();
    const name = body.name?.trim() || deviceName(request.headers['user-agent']);
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, actor.operatorId);
      if (loaded.state?.state !== 'active') throw refused();
      await storePasskey(manager, {
        ...verified,
        operatorId: actor.operatorId,
        name,
        createdAt: now,
        lastUsedAt: null,
      });
      const [added] = await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyAdded',
            data: { operatorId: actor.operatorId, passkeyId: verified.id, name },
          },
        ],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId: actor.operatorId, change: 'passkey-added', by: 'self', passkeyName: name },
        added,
      );
    });
    this.outbox.nudge();
    return { id: verified.id, name, createdAt: now.toISOString() };
  }
}
