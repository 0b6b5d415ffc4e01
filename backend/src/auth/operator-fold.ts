import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from '../event-store/event-store.types';
import { readStreamFamily } from '../event-store/log-queries';
import type { SqlExecutor } from '../event-store/sql-executor';
import {
  findPersonalDataKeys,
  openPersonalFields,
  sealPersonalFields,
  type PersonalFields,
} from '../personal-data/personal-data-vault';
import {
  emailKey,
  evolve,
  OPERATOR_PERSONAL_FIELDS,
  OPERATOR_STREAMS,
  type OperatorEvent,
  type OperatorState,
} from './operator';

/** Stored operator events keep their personal fields under this key, sealed. */
const SEALED = 'sealedPersonalData';

/** An operator's event as stored: name and email sealed with the operator's key. */
export function encodeOperatorEvent(
  event: OperatorEvent,
  key: Buffer | undefined,
): Record<string, unknown> {
  const data: Record<string, unknown> = { ...event.data };
  const personal: PersonalFields = {};
  for (const field of OPERATOR_PERSONAL_FIELDS) {
    const value = data[field];
    if (typeof value === 'string') personal[field] = value;
    delete data[field];
  }
  if (Object.keys(personal).length > 0) {
    if (!key) throw new Error(`Operator ${event.data.operatorId} has no personal data key`);
    data[SEALED] = sealPersonalFields(key, personal);
  }
  return data;
}

export interface DecodedOperatorEvent {
  event: OperatorEvent;
  recorded: RecordedEvent;
  /** The event held personal fields that can no longer be read (the key was shredded). */
  personalDataErased: boolean;
}

/** A recorded operator event as the domain knows it, its personal fields opened with `key`. */
export function decodeOperatorEvent(
  recorded: RecordedEvent,
  key: Buffer | undefined,
): DecodedOperatorEvent {
  const { [SEALED]: sealed, ...data } = recorded.data;
  let personal: PersonalFields = {};
  if (typeof sealed === 'string' && key) personal = openPersonalFields(key, sealed);
  return {
    event: { type: recorded.type, data: { ...data, ...personal } } as OperatorEvent,
    recorded,
    personalDataErased: typeof sealed === 'string' && !key,
  };
}

/** An operator's event as the audit trail shows it: without its sealed personal fields. */
export function operatorAuditPayload(recorded: RecordedEvent): Record<string, unknown> {
  const { [SEALED]: _sealed, ...data } = recorded.data;
  return data;
}

export interface FoldedOperator {
  state: OperatorState;
  version: number;
  lastPosition: number;
}

/**
 * The one projection of operators' facts into operator_view, for live appends and rebuilds
 * alike: folded in memory with the domain's evolve(), then written by writeOperatorView(). A
 * live append seeds the fold with the operator's history (OperatorStore); a rebuild folds every
 * operator stream from an empty table (rebuildOperatorView). The same rows result.
 */
export class OperatorFold {
  readonly operators = new Map<string, FoldedOperator>();

  apply({ event, recorded }: DecodedOperatorEvent): void {
    const current = this.operators.get(event.data.operatorId);
    this.operators.set(event.data.operatorId, {
      state: evolve(current?.state, event, recorded.recordedAt),
      version: recorded.streamVersion,
      lastPosition: recorded.globalPosition,
    });
  }
}

/** Writes the operators a fold holds into operator_view, each row as its fold left it. */
export async function writeOperatorView(sql: SqlExecutor, fold: OperatorFold): Promise<void> {
  const rows = [...fold.operators.values()];
  if (rows.length === 0) return;
  await sql.query(
    `INSERT INTO operator_view (id, number, name, email, email_key, role, state, invitation_id,
                               invited_at, invitation_expires_at, joined_at, passkeys, totp,
                               version, last_position)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS o(id uuid, number int, name text, email text,
              email_key text, role text, state text, invitation_id uuid, invited_at timestamptz,
              invitation_expires_at timestamptz, joined_at timestamptz, passkeys int,
              totp boolean, version int, last_position bigint)
     ON CONFLICT (id) DO UPDATE SET
       name = EXCLUDED.name, email = EXCLUDED.email, email_key = EXCLUDED.email_key,
       role = EXCLUDED.role, state = EXCLUDED.state, invitation_id = EXCLUDED.invitation_id,
       invitation_expires_at = EXCLUDED.invitation_expires_at, joined_at = EXCLUDED.joined_at,
       passkeys = EXCLUDED.passkeys, totp = EXCLUDED.totp, version = EXCLUDED.version,
       last_position = EXCLUDED.last_position`,
    [
      JSON.stringify(
        rows.map(({ state, version, lastPosition }) => ({
          id: state.id,
          number: state.number,
          name: state.name,
          email: state.email,
          email_key: state.email === null ? null : emailKey(state.email),
          role: state.role,
          state: state.state,
          invitation_id: state.invitationId,
          invited_at: state.invitedAt,
          invitation_expires_at: state.invitationExpiresAt,
          joined_at: state.joinedAt,
          passkeys: state.passkeys,
          totp: state.totp,
          version,
          last_position: lastPosition,
        })),
      ),
    ],
  );
}

/**
 * Throws operator_view away and folds every operator stream into it again, through the fold of
 * live appends, with the keys that are left (an erased operator's events fold without name or
 * email). Runs inside the rebuild's transaction (rebuildProjections). Answers the events folded.
 */
export async function rebuildOperatorView(manager: EntityManager): Promise<number> {
  await manager.query('LOCK TABLE operator_view IN ACCESS EXCLUSIVE MODE');
  await manager.query('TRUNCATE operator_view');
  const recorded = await readStreamFamily(manager, OPERATOR_STREAMS);
  const keys = await findPersonalDataKeys(manager, [
    ...new Set(recorded.map((event) => event.streamId)),
  ]);
  const fold = new OperatorFold();
  for (const event of recorded) fold.apply(decodeOperatorEvent(event, keys.get(event.streamId)));
  await writeOperatorView(manager, fold);
  return recorded.length;
}
