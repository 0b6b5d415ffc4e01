import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { provedUntil, type AdminSession } from '../../../auth/admin-sessions';
import { isOwner } from '../../../auth/operator';
import { findOperator } from '../../../auth/operator-view';
import { OWNER_NAME } from '../../../auth/permissions';
import { listPasskeys } from '../../credentials/passkeys';
import { recoveryCodesLeft } from '../../credentials/second-factors';
import type { AccountDto } from '../../operator-answers.dto';

/**
 * The signed-in operator's own account: what it holds and its second factors. A passkey or a
 * confirmed TOTP is what ends `secondFactorRequired` after joining (each is an event of the
 * operator's stream, which operator_view folds). The owner has no factors: the password is theirs.
 */
@Injectable()
export class GetAccountQueryHandler {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async read(session: AdminSession): Promise<AccountDto> {
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
}
