import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { adminMetadata, type AdminActor } from '../../auth/admin-actor';
import { AdminClock } from '../../auth/admin-clock';
import { operatorConflict, operatorNotFound } from '../../auth/admin-errors';
import { AdminSessions, OWNER, type ListedSession } from '../../auth/admin-sessions';
import {
  INVITATION_HOURS,
  isOwner,
  operatorDisplayName,
  operatorStreamId,
  type OperatorEvent,
} from '../../auth/operator';
import {
  forgetPasskeys,
  listPasskeys,
  passkeysByOperator,
  removePasskey,
  type StoredPasskey,
} from '../credentials/passkeys';
import {
  forgetSecondFactors,
  recoveryCodesLeftByOperator,
  resetTotpAndRecoveryCodes,
} from '../credentials/second-factors';
import { OperatorStore } from '../operator-store';
import {
  findOperatorByEmail,
  listOperators,
  lockOperators,
  nextOperatorNumber,
  type OperatorRow,
} from '../../auth/operator-view';
import { OWNER_ID, type OperatorRole } from '../../auth/permissions';
import type { Locale } from '../../common/locale';
import { MailTransport } from '../../notifications/mail-transport';
import { enqueueInvitation, forgetOperatorRecipient } from '../../notifications/outbox';
import { OutboxWorker } from '../../notifications/outbox-worker';
import { shredPersonalDataKey } from '../../personal-data/personal-data-vault';
import { LoginThrottle } from '../sign-in/login-throttle';
import { noticeFactorChange } from '../account/factor-notices';
import type { OperatorDto } from '../operator-answers.dto';
import { NO_SUCH_PASSKEY } from '../account/operator-accounts';

export const EMAIL_TAKEN = 'An operator with this email already exists.';
export const SUSPEND_FIRST = 'Suspend this operator first.';

/**
 * The owner's management of operators: inviting (the invitation leaves through the outbox),
 * changing a role, suspending (every session of the operator ends in the same transaction, so
 * every process refuses its cookie on the next request) and reinstating, ending one session,
 * and erasing a suspended operator's name and email (their key shredded, their secrets and
 * sessions deleted): the trail then calls them `former operator #N`.
 */
@Injectable()
export class OperatorManagement {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: AdminClock,
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
    private readonly transport: MailTransport,
    private readonly throttle: LoginThrottle,
  ) {}

  /** The owner, then every operator by number, each with its open sessions. */
  async list(currentSessionId: string): Promise<OperatorDto[]> {
    const [rows, sessions, passkeys, codesLeft] = await Promise.all([
      listOperators(this.dataSource),
      this.sessions.listLive(),
      passkeysByOperator(this.dataSource),
      recoveryCodesLeftByOperator(this.dataSource),
    ]);
    const owner: OperatorDto = {
      id: OWNER_ID,
      number: 0,
      name: OWNER.name,
      email: null,
      role: 'owner',
      state: 'active',
      invitedAt: null,
      joinedAt: null,
      passkeys: 0,
      totp: false,
      passkeyList: [],
      recoveryCodesLeft: 0,
      sessions: [],
    };
    return [owner, ...rows.map(toOperatorDto)].map((operator) => ({
      ...operator,
      passkeyList: (passkeys.get(operator.id) ?? []).map(passkeyDto),
      recoveryCodesLeft: codesLeft.get(operator.id) ?? 0,
      sessions: sessions
        .filter((session) => session.operatorId === operator.id)
        .map((session) => sessionDto(session, currentSessionId)),
    }));
  }

  async one(operatorId: string, currentSessionId: string): Promise<OperatorDto> {
    const found = (await this.list(currentSessionId)).find(
      (operator) => operator.id === operatorId,
    );
    if (!found) throw operatorNotFound();
    return found;
  }

  async invite(
    actor: AdminActor,
    body: { email: string; name: string; role: OperatorRole },
    locale: Locale,
  ): Promise<string> {
    const operatorId = randomUUID();
    const invitationId = randomUUID();
    await this.store.transaction(async (manager) => {
      await lockOperators(manager);
      if (await findOperatorByEmail(manager, body.email))
        throw operatorConflict('email-taken', EMAIL_TAKEN);
      const now = await this.clock.now(manager);
      const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
      const [invited] = await this.store.start(
        manager,
        operatorId,
        [
          {
            type: 'OperatorInvited',
            data: {
              operatorId,
              number: await nextOperatorNumber(manager),
              role: body.role,
              invitationId,
              expiresAt,
              name: body.name.trim(),
              email: body.email.trim(),
            },
          },
        ],
        adminMetadata(actor),
      );
      await enqueueInvitation(
        manager,
        { operatorId, invitationId, role: body.role, expiresAt, locale },
        invited.globalPosition,
      );
    });
    this.outbox.nudge();
    return operatorId;
  }

  async change(
    actor: AdminActor,
    operatorId: string,
    body: { role?: OperatorRole; suspended?: boolean },
  ): Promise<void> {
    if (isOwner(operatorId)) {
      if (body.role !== undefined || body.suspended === true) {
        throw operatorConflict(
          'owner-fixed',
          "The owner's role and access come with the password.",
        );
      }
      return;
    }
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const state = loaded.state;
      if (!state) throw operatorNotFound();
      if (state.state === 'erased')
        throw operatorConflict('operator-erased', 'This operator was erased.');
      const events: OperatorEvent[] = [];
      if (body.role !== undefined && body.role !== state.role) {
        events.push({
          type: 'OperatorRoleChanged',
          data: { operatorId, role: body.role, from: state.role },
        });
      }
      if (body.suspended === true && state.state !== 'suspended') {
        events.push({ type: 'OperatorSuspended', data: { operatorId } });
      }
      if (body.suspended === false && state.state === 'suspended') {
        events.push({ type: 'OperatorReinstated', data: { operatorId } });
      }
      await this.store.append(manager, loaded, events, adminMetadata(actor));
      // Suspended, and every process refuses the operator's cookies from its next request on.
      if (body.suspended === true) await this.sessions.endAllOf(manager, operatorId);
    });
  }

  async revokeSession(actor: AdminActor, operatorId: string, sessionId: string): Promise<void> {
    const missing = () =>
      operatorNotFound('operator-session-not-found', 'No such session of this operator.');
    if (isOwner(operatorId)) {
      if (!(await this.sessions.revoke(this.dataSource, operatorId, sessionId))) throw missing();
      return;
    }
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      if (!loaded.state) throw operatorNotFound();
      if (!(await this.sessions.revoke(manager, operatorId, sessionId))) throw missing();
      await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorSignedOut', data: { operatorId, sessionId, reason: 'revoked' } }],
        adminMetadata(actor),
      );
    });
  }

  /**
   * The owner removes one of an operator's passkeys (a lost device, or one planted with a
   * stolen session): it signs no one in from then on. The last one too: the operator then sets
   * up a second factor again before anything else.
   */
  async removePasskey(actor: AdminActor, operatorId: string, passkeyId: string): Promise<void> {
    if (isOwner(operatorId)) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      if (!loaded.state) throw operatorNotFound();
      const removed = await removePasskey(manager, operatorId, passkeyId);
      if (!removed) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyRemoved',
            data: { operatorId, passkeyId, name: removed.name },
          },
        ],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId, change: 'passkey-removed', by: 'owner', passkeyName: removed.name },
        recorded,
      );
    });
    this.outbox.nudge();
  }

  /**
   * The owner resets an operator's second factor: every passkey, the authenticator app and the
   * recovery codes go, and every session of theirs ends. The passphrase stays: signing in with it
   * alone opens a session that may only set up a second factor again.
   */
  async resetSecondFactor(actor: AdminActor, operatorId: string): Promise<void> {
    if (isOwner(operatorId))
      throw operatorConflict('owner-fixed', "The owner's access comes with the password.");
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const state = loaded.state;
      if (!state) throw operatorNotFound();
      if (state.state === 'erased')
        throw operatorConflict('operator-erased', 'This operator was erased.');
      if (state.state === 'invited') {
        throw operatorConflict(
          'operator-not-joined',
          'This operator has not joined yet: there is nothing to reset.',
        );
      }
      for (const passkey of await listPasskeys(manager, operatorId)) {
        await removePasskey(manager, operatorId, passkey.id);
      }
      await resetTotpAndRecoveryCodes(manager, operatorId);
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorSecondFactorReset', data: { operatorId } }],
        adminMetadata(actor),
      );
      await this.sessions.endAllOf(manager, operatorId);
      await noticeFactorChange(
        manager,
        { operatorId, change: 'second-factor-reset', by: 'owner' },
        recorded,
      );
    });
    this.outbox.nudge();
  }

  async erase(actor: AdminActor, operatorId: string): Promise<void> {
    if (isOwner(operatorId)) throw operatorConflict('suspend-first', SUSPEND_FIRST);
    const erased = await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const state = loaded.state;
      if (!state) throw operatorNotFound();
      if (state.state === 'erased') return false;
      if (state.state !== 'suspended') throw operatorConflict('suspend-first', SUSPEND_FIRST);
      await shredPersonalDataKey(manager, operatorStreamId(operatorId));
      await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorErased', data: { operatorId } }],
        adminMetadata(actor),
      );
      await this.sessions.endAllOf(manager, operatorId);
      await forgetSecondFactors(manager, operatorId);
      await forgetPasskeys(manager, operatorId);
      await forgetOperatorRecipient(manager, operatorId);
      if (state.email) await this.throttle.forgetAccount(manager, state.email);
      return true;
    });
    // The copies of the invitation the site wrote as files go too.
    if (erased) await this.transport.eraseCopiesOf(operatorId);
  }
}
function sessionDto(session: ListedSession, currentSessionId: string): OperatorDto['sessions'][0] {
  return {
    id: session.id,
    device: session.device,
    address: session.address,
    openedAt: session.openedAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    current: session.id === currentSessionId,
  };
}

function toOperatorDto(row: OperatorRow): OperatorDto {
  return {
    id: row.id,
    number: row.number,
    name: operatorDisplayName(row),
    email: row.email,
    role: row.role,
    state: row.state,
    invitedAt: row.invitedAt.toISOString(),
    joinedAt: row.joinedAt?.toISOString() ?? null,
    passkeys: row.passkeys,
    totp: row.totp,
    passkeyList: [],
    recoveryCodesLeft: 0,
    sessions: [],
  };
}

function passkeyDto(passkey: StoredPasskey): OperatorDto['passkeyList'][0] {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
  };
}
