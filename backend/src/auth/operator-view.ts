import type { SqlExecutor } from '../event-store/sql-executor';
import { OWNER_ID, type OperatorRole } from './permissions';
import {
  emailKey,
  isOwner,
  operatorDisplayName,
  OWNER_ACTOR_NAME,
  type OperatorStatus,
} from './operator';

/** A row of operator_view, as the reads answer it. */
export interface OperatorRow {
  id: string;
  number: number;
  name: string | null;
  email: string | null;
  role: OperatorRole;
  state: OperatorStatus;
  invitationId: string | null;
  invitedAt: Date;
  invitationExpiresAt: Date | null;
  joinedAt: Date | null;
  passkeys: number;
  totp: boolean;
}

/** operator_view's columns under OperatorRow's names. */
const COLUMNS = `id, number, name, email, role, state, invitation_id AS "invitationId",
                 invited_at AS "invitedAt", invitation_expires_at AS "invitationExpiresAt",
                 joined_at AS "joinedAt", passkeys, totp`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export async function findOperator(
  sql: SqlExecutor,
  operatorId: string,
): Promise<OperatorRow | undefined> {
  if (!isUuid(operatorId)) return undefined;
  const rows: OperatorRow[] = await sql.query(
    `SELECT ${COLUMNS} FROM operator_view WHERE id = $1`,
    [operatorId],
  );
  return rows[0];
}

export async function findOperatorByEmail(
  sql: SqlExecutor,
  email: string,
): Promise<OperatorRow | undefined> {
  const rows: OperatorRow[] = await sql.query(
    `SELECT ${COLUMNS} FROM operator_view WHERE email_key = $1`,
    [emailKey(email)],
  );
  return rows[0];
}

export async function findOperatorByInvitation(
  sql: SqlExecutor,
  invitationId: string,
): Promise<OperatorRow | undefined> {
  if (!isUuid(invitationId)) return undefined;
  const rows: OperatorRow[] = await sql.query(
    `SELECT ${COLUMNS} FROM operator_view WHERE invitation_id = $1`,
    [invitationId],
  );
  return rows[0];
}

/** Every operator, by number. */
export async function listOperators(sql: SqlExecutor): Promise<OperatorRow[]> {
  const rows: OperatorRow[] = await sql.query(
    `SELECT ${COLUMNS} FROM operator_view ORDER BY number`,
  );
  return rows;
}

/** The next operator's number (1, 2, …): under the operators' lock (lockOperators). */
export async function nextOperatorNumber(sql: SqlExecutor): Promise<number> {
  const [row]: { next: number }[] = await sql.query(
    'SELECT coalesce(max(number), 0)::int + 1 AS next FROM operator_view',
  );
  return row.next;
}

/**
 * Serialises the decisions that look at every operator (a new operator's number, an email
 * that must be unique), in the caller's transaction.
 */
export async function lockOperators(sql: SqlExecutor): Promise<void> {
  await sql.query(`SELECT pg_advisory_xact_lock(hashtextextended('operators', 0))`);
}

/**
 * What the trail calls each actor id: the owner 'owner', an operator by the name operator_view
 * holds now (`former operator #N` once erased). Ids the view does not know are left out.
 */
export async function actorNames(
  sql: SqlExecutor,
  operatorIds: Iterable<string>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const ids = [...new Set(operatorIds)];
  if (ids.some(isOwner)) names.set(OWNER_ID, OWNER_ACTOR_NAME);
  const uuids = ids.filter(isUuid);
  if (uuids.length === 0) return names;
  const rows: { id: string; number: number; name: string | null }[] = await sql.query(
    'SELECT id, number, name FROM operator_view WHERE id = ANY($1::uuid[])',
    [uuids],
  );
  for (const row of rows) names.set(row.id, operatorDisplayName(row));
  return names;
}

/** Each operator's number and name (null once erased), by id; an unknown id is left out. */
export async function operatorNumbersAndNames(
  sql: SqlExecutor,
  operatorIds: Iterable<string>,
): Promise<Map<string, { number: number; name: string | null }>> {
  const uuids = [...new Set(operatorIds)].filter(isUuid);
  if (uuids.length === 0) return new Map();
  const rows: { id: string; number: number; name: string | null }[] = await sql.query(
    'SELECT id, number, name FROM operator_view WHERE id = ANY($1::uuid[])',
    [uuids],
  );
  return new Map(rows.map((row) => [row.id, { number: row.number, name: row.name }]));
}

/**
 * The operator who caused an event, from its metadata: its operatorId, or the owner for an
 * operator's event recorded before there were operators (the password was the only login).
 * Undefined for an event no operator caused.
 */
export function actorOperatorId(metadata: Record<string, unknown>): string | undefined {
  if (metadata.actor !== 'admin') return undefined;
  return typeof metadata.operatorId === 'string' ? metadata.operatorId : OWNER_ID;
}
