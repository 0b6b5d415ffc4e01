import type { SqlExecutor } from '../../event-store/sql-executor';
import type { SqlStatement } from '../../event-store/sql-statement';
import type { DecodedRegistrationEvent } from '../registration-event-codec';
import { emailKey } from '../domain/registration-rules';
import { evolve, type RegistrationState, type RegistrationStatus } from '../domain/registration';
import {
  CAPACITY_COLUMN,
  ReadModelFold,
  slotCountsWrite,
  viewRowsInsertFromAppended,
} from './read-model-fold';
import { registrationStreamId, type RegistrationEvent } from '../domain/registration-events';

/**
 * Keeps registration_view and slot_capacity in step with the log. It runs inside the
 * transaction that appended the event, and again, unchanged, when the read models are rebuilt,
 * so live and rebuilt rows cannot differ. Which column a status counts in is the fold's
 * CAPACITY_COLUMN.
 */
interface ViewRow {
  id: string;
  event: string;
  time: string;
  name: string | null;
  email: string | null;
  whatsapp: string | null;
  dream: string | null;
  locale: RegistrationState['locale'];
  status: RegistrationStatus;
  paid: boolean;
  dreamed_captured: boolean;
  hold_expires_at: Date | null;
  checkout_session_id: string | null;
  stripe_session_id: string | null;
  shared_dreams: number;
}

function toState(row: ViewRow): RegistrationState {
  return {
    id: row.id,
    event: row.event,
    time: row.time,
    locale: row.locale,
    status: row.status,
    paid: row.paid,
    dreamedCaptured: row.dreamed_captured,
    holdExpiresAt: row.hold_expires_at ? row.hold_expires_at.toISOString() : null,
    checkoutSessionId: row.checkout_session_id,
    stripeSessionId: row.stripe_session_id,
    name: row.name,
    email: row.email,
    whatsapp: row.whatsapp,
    dream: row.dream,
    sharedDreams: row.shared_dreams,
  };
}

async function moveCapacity(
  sql: SqlExecutor,
  event: string,
  time: string,
  from: RegistrationStatus | undefined,
  to: RegistrationStatus,
): Promise<void> {
  const fromColumn = from ? CAPACITY_COLUMN[from] : undefined;
  const toColumn = CAPACITY_COLUMN[to];
  if (fromColumn === toColumn) return;
  const sets: string[] = [];
  if (fromColumn) sets.push(`${fromColumn} = ${fromColumn} - 1`);
  if (toColumn) sets.push(`${toColumn} = ${toColumn} + 1`);
  // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count], never with [].
  const [updated] = (await sql.query(
    `WITH updated AS (
       UPDATE slot_capacity SET ${sets.join(', ')} WHERE event = $1 AND time = $2 RETURNING 1
     )
     SELECT count(*)::int AS count FROM updated`,
    [event, time],
  )) as { count: number }[];
  if (updated.count === 0) {
    // A slot that left the catalogue still counts what happened in it.
    await sql.query(
      `INSERT INTO slot_capacity (event, time, seat_limit) VALUES ($1, $2, 0)
       ON CONFLICT DO NOTHING`,
      [event, time],
    );
    await sql.query(`UPDATE slot_capacity SET ${sets.join(', ')} WHERE event = $1 AND time = $2`, [
      event,
      time,
    ]);
  }
}

export async function projectRegistrationEvent(
  sql: SqlExecutor,
  decoded: DecodedRegistrationEvent,
): Promise<void> {
  const { event, recorded } = decoded;
  const registrationId = event.data.registrationId;
  const rows: ViewRow[] = await sql.query(
    `SELECT id, event, time, name, email, whatsapp, dream, locale, status, paid, dreamed_captured,
            hold_expires_at, checkout_session_id, stripe_session_id, shared_dreams
       FROM registration_view WHERE id = $1 FOR UPDATE`,
    [registrationId],
  );
  const before = rows[0] ? toState(rows[0]) : undefined;
  if (!before && event.type !== 'RegistrationCreated') return;
  const after = evolve(before, event);

  await moveCapacity(sql, after.event, after.time, before?.status, after.status);

  if (after.status === 'deleted') {
    await sql.query('DELETE FROM registration_view WHERE id = $1', [registrationId]);
    return;
  }
  await sql.query(
    `INSERT INTO registration_view (
       id, event, time, name, email, email_key, whatsapp, dream, locale, status, waiting_list,
       paid, dreamed_captured, hold_expires_at, checkout_session_id, stripe_session_id,
       shared_dreams, created_at, updated_at, version, last_position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $18, $19, $20)
     ON CONFLICT (id) DO UPDATE SET
       name = EXCLUDED.name, email = EXCLUDED.email, email_key = EXCLUDED.email_key,
       whatsapp = EXCLUDED.whatsapp, dream = EXCLUDED.dream, status = EXCLUDED.status,
       waiting_list = EXCLUDED.waiting_list, paid = EXCLUDED.paid,
       dreamed_captured = EXCLUDED.dreamed_captured, hold_expires_at = EXCLUDED.hold_expires_at,
       checkout_session_id = EXCLUDED.checkout_session_id,
       stripe_session_id = EXCLUDED.stripe_session_id, shared_dreams = EXCLUDED.shared_dreams,
       updated_at = EXCLUDED.updated_at, version = EXCLUDED.version,
       last_position = EXCLUDED.last_position`,
    [
      registrationId,
      after.event,
      after.time,
      after.name,
      after.email,
      after.email === null ? null : emailKey(after.email),
      after.whatsapp,
      after.dream,
      after.locale,
      after.status,
      after.status === 'waiting',
      after.paid,
      after.dreamedCaptured,
      after.holdExpiresAt,
      after.checkoutSessionId,
      after.stripeSessionId,
      after.sharedDreams,
      recorded.recordedAt,
      recorded.streamVersion,
      recorded.globalPosition,
    ],
  );
}

/**
 * projectRegistrationEvent for events appended in the same statement, as the CTE `appended`
 * (see newStreamsStatement and appendOneStatement): the same evolve() and capacity rules
 * through the in-memory fold, as one registration_view statement, whose positions and times come
 * from `appended`, and one slot_capacity statement, both void if nothing was appended; so the
 * rows are those the event-by-event projection would write.
 * `known` are the registrations the events follow, as they stand (all others must start with
 * their RegistrationCreated). Undefined when an event would delete a registration: that one
 * takes projectRegistrationEvent.
 */
export function appendedEventsProjection(
  appended: { event: RegistrationEvent; streamVersion: number }[],
  known: { state: RegistrationState; version: number }[] = [],
): SqlStatement[] | undefined {
  const fold = new ReadModelFold();
  for (const { state, version } of known) {
    fold.seed({ state, createdAt: new Date(0), updatedAt: new Date(0), version, lastPosition: 0 });
  }
  for (const { event, streamVersion } of appended) {
    if (
      !fold.registrations.has(event.data.registrationId) &&
      event.type !== 'RegistrationCreated'
    ) {
      throw new Error(`appendedEventsProjection got a ${event.type} of an unknown registration`);
    }
    // Its position and time are read from `appended`.
    fold.apply({
      event,
      recorded: {
        globalPosition: 0,
        streamId: registrationStreamId(event.data.registrationId),
        streamVersion,
        type: event.type,
        schemaVersion: 1,
        data: {},
        metadata: { actor: 'system' },
        recordedAt: new Date(0),
      },
      personalDataErased: false,
    });
    if (!fold.registrations.has(event.data.registrationId)) return undefined;
  }
  const rows = [...fold.registrations.values()];
  const slots = [...fold.slots.values()];
  const statements: SqlStatement[] = [];
  if (rows.length > 0) statements.push(viewRowsInsertFromAppended(rows, known.length > 0));
  if (slots.length > 0) statements.push(slotCountsWrite(slots, 'add', { afterAppended: true }));
  return statements;
}
