import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { operatorNotFound } from '../../../auth/admin-errors';
import { AdminSessions, OWNER, type ListedSession } from '../../../auth/admin-sessions';
import { operatorDisplayName } from '../../../auth/operator';
import { listOperators, type OperatorRow } from '../../../auth/operator-view';
import { OWNER_ID } from '../../../auth/permissions';
import { passkeysByOperator, type StoredPasskey } from '../../credentials/passkeys';
import { recoveryCodesLeftByOperator } from '../../credentials/second-factors';
import type { OperatorDto } from '../../operator-answers.dto';

/**
 * The operators as the owner's management lists them: the owner, then every operator by number,
 * each with its passkeys, recovery codes left and open sessions (the one asking marked). What
 * the list route answers, and the management's changes answer with one of them.
 */
@Injectable()
export class ListOperatorsQueryHandler {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly sessions: AdminSessions,
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
