import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { adminMetadata, type AdminActor } from '../auth/admin-actor';
import { AdminClock } from '../auth/admin-clock';
import { fieldRefused } from '../auth/admin-errors';
import type { SessionOperator } from '../auth/admin-sessions';
import { deviceName } from '../auth/device-name';
import { isOwner } from '../auth/operators/operator';
import { OperatorStore } from '../auth/operators/operator-store';
import { findOperator } from '../auth/operators/operator-view';
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
} from '../auth/operators/passkeys';
import {
  confirmTotp,
  findCredentials,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodesLeft,
  storePendingTotp,
  totpStep,
  totpUri,
} from '../auth/operators/second-factors';
import { OWNER_NAME } from '../auth/permissions';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type {
  AccountDto,
  PasskeyCreationOptionsDto,
  PasskeyDto,
  RecoveryCodesDto,
  TotpSetupDto,
} from './operator-answers.dto';

export const PASSKEY_NOT_REGISTERED = 'This passkey could not be registered.';
export const TOTP_CODE_WRONG = 'That code is not right. Try the newest one.';

function ownerHasNoFactors(): HttpException {
  return new HttpException(
    {
      statusCode: HttpStatus.CONFLICT,
      message:
        'The owner signs in with the password; passkeys and authenticator apps are for invited operators.',
      errors: [],
    },
    HttpStatus.CONFLICT,
  );
}

/**
 * The signed-in operator's own account: what it holds, and its second factors. A passkey or a
 * confirmed TOTP is what ends `secondFactorRequired` after joining (each is an event of the
 * operator's stream, which operator_view folds). The owner has no factors: the password is
 * theirs.
 */
@Injectable()
export class OperatorAccounts {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: AdminClock,
    private readonly store: OperatorStore,
  ) {}

  async account(operator: SessionOperator): Promise<AccountDto> {
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
    };
  }

  async passkeyOptions(operator: SessionOperator): Promise<PasskeyCreationOptionsDto> {
    if (isOwner(operator.id)) throw ownerHasNoFactors();
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
    request: Request,
    body: { challengeId: string; response: unknown; name?: string },
  ): Promise<PasskeyDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    const now = await this.clock.now(this.dataSource);
    const challenge = await takeChallenge(this.dataSource, body.challengeId, 'registration', now);
    const refused = () => fieldRefused('response', PASSKEY_NOT_REGISTERED);
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
      await this.store.append(
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
    });
    return { id: verified.id, name, createdAt: now.toISOString() };
  }

  /** A new TOTP secret, pending until a code of it is confirmed. */
  async startTotp(operator: SessionOperator): Promise<TotpSetupDto> {
    if (isOwner(operator.id)) throw ownerHasNoFactors();
    const row = await findOperator(this.dataSource, operator.id);
    const secret = newTotpSecret();
    await storePendingTotp(this.dataSource, operator.id, secret);
    return { secret, otpauthUri: totpUri(secret, row?.email ?? operator.name) };
  }

  /** A code of the pending secret confirms it; ten new recovery codes are answered once. */
  async confirmTotp(actor: AdminActor, code: string): Promise<RecoveryCodesDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    const recoveryCodes = newRecoveryCodes();
    await this.store.transaction(async (manager) => {
      const credentials = await findCredentials(manager, actor.operatorId);
      const secret = credentials?.totpPendingSecret;
      const now = await this.clock.now(manager);
      const step = secret && (await totpStep(secret, code, now, null));
      if (!step) throw fieldRefused('code', TOTP_CODE_WRONG);
      const loaded = await this.store.load(manager, actor.operatorId);
      if (loaded.state?.state !== 'active') throw fieldRefused('code', TOTP_CODE_WRONG);
      await confirmTotp(manager, actor.operatorId, step, recoveryCodes);
      await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorTotpConfirmed', data: { operatorId: actor.operatorId } }],
        adminMetadata(actor),
      );
    });
    return { recoveryCodes };
  }
}
