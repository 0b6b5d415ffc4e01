import type { SqlExecutor } from '../../event-store/sql-executor';
import { emailKey } from '../domain/registration-rules';
import {
  evolve,
  keepsPlace,
  occupiesSeat,
  type RegistrationState,
  type RegistrationStatus,
} from '../domain/registration';
import type { DecodedRegistrationEvent } from '../registration-event-codec';

/**
 * The one projection of the registration events into the read models (registration_view and
 * slot_capacity's counts), for live appends and rebuilds alike: the events are folded in memory
 * with the domain's evolve() and seat rule, then writeReadModels() writes what the fold holds.
 * A live append folds the registration's own history and its new events (RegistrationStore); a
 * rebuild folds the whole log from empty tables (rebuild-projections.ts). The same rows result.
 */

/** The slot_capacity column a registration in each status counts in (none: it has no place). */
export const STATUS_COUNT_COLUMN: Partial<Record<RegistrationStatus, StatusCountColumn>> = {
  held: 'held',
  // A seat offered from the waiting list is held for its payment, as a hold is.
  offered: 'held',
  paid: 'paid',
  confirmed: 'confirmed',
  waiting: 'waiting_list',
};

export type StatusCountColumn = 'held' | 'paid' | 'confirmed' | 'waiting_list';

const SLOT_COUNTS = ['held', 'paid', 'confirmed', 'waiting_list', 'seats_taken'] as const;

export interface FoldedRegistration {
  state: RegistrationState;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  lastPosition: number;
}

/** How the events folded changed one slot's counts (from zero, in a rebuild). */
export interface FoldedSlot {
  event: string;
  time: string;
  held: number;
  paid: number;
  confirmed: number;
  waiting_list: number;
  /** The seats its registrations take, as the domain's occupiesSeat() counts them. */
  seats_taken: number;
}

export class ReadModelFold {
  /** Registrations as they now stand, by id; a deleted one leaves, as its row does. */
  readonly registrations = new Map<string, FoldedRegistration>();
  /** Registrations deleted by the events folded. */
  readonly removed = new Set<string>();
  /** Every slot whose counts the events folded changed. */
  readonly slots = new Map<string, FoldedSlot>();

  /** Starts from a registration as it stands, for the events that follow it. */
  seed(registration: FoldedRegistration): void {
    this.registrations.set(registration.state.id, registration);
  }

  apply(decoded: DecodedRegistrationEvent): void {
    const { event, recorded } = decoded;
    const id = event.data.registrationId;
    const current = this.registrations.get(id);
    if (!current && event.type !== 'RegistrationCreated') return;
    const after = evolve(current?.state, event);
    this.count(after.event, after.time, current?.state.status, after.status);
    if (after.status === 'deleted') {
      this.registrations.delete(id);
      this.removed.add(id);
      return;
    }
    this.removed.delete(id);
    this.registrations.set(id, {
      state: after,
      createdAt: current ? current.createdAt : recorded.recordedAt,
      updatedAt: recorded.recordedAt,
      version: recorded.streamVersion,
      lastPosition: recorded.globalPosition,
    });
  }

  private count(
    event: string,
    time: string,
    from: RegistrationStatus | undefined,
    to: RegistrationStatus,
  ): void {
    const fromColumn = from ? STATUS_COUNT_COLUMN[from] : undefined;
    const toColumn = STATUS_COUNT_COLUMN[to];
    const seats = (occupiesSeat(to) ? 1 : 0) - (from && occupiesSeat(from) ? 1 : 0);
    if (fromColumn === toColumn && seats === 0) return;
    const key = `${event}\u0000${time}`;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { event, time, held: 0, paid: 0, confirmed: 0, waiting_list: 0, seats_taken: 0 };
      this.slots.set(key, slot);
    }
    if (fromColumn) slot[fromColumn] -= 1;
    if (toColumn) slot[toColumn] += 1;
    slot.seats_taken += seats;
  }
}

/** A registration as its whole history folds it; undefined if it was deleted or never created. */
export function foldHistory(history: DecodedRegistrationEvent[]): FoldedRegistration | undefined {
  const fold = new ReadModelFold();
  for (const item of history) fold.apply(item);
  return fold.registrations.get(history[0]?.event.data.registrationId ?? '');
}

/** The registration_view columns, with their PostgreSQL types. */
const VIEW_COLUMNS = [
  ['id', 'uuid'],
  ['event', 'text'],
  ['time', 'text'],
  ['name', 'text'],
  ['email', 'text'],
  ['email_key', 'text'],
  ['whatsapp', 'text'],
  ['dream', 'text'],
  ['locale', 'text'],
  ['status', 'text'],
  ['waiting_list', 'boolean'],
  ['paid', 'boolean'],
  ['dreamed_captured', 'boolean'],
  ['hold_expires_at', 'timestamptz'],
  ['checkout_session_id', 'text'],
  ['stripe_session_id', 'text'],
  ['shared_dreams', 'integer'],
  ['client_key', 'text'],
  ['checked_in_at', 'timestamptz'],
  ['checked_in_by', 'text'],
  ['no_show', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'integer'],
  ['last_position', 'bigint'],
] as const;

function viewRowValues(row: FoldedRegistration): unknown[] {
  const { state } = row;
  return [
    state.id,
    state.event,
    state.time,
    state.name,
    state.email,
    // Kept only while the registration keeps its place: the unique index on (event, time,
    // email_key) then guards "one place per email and slot" without a copy of the rule.
    state.email !== null && keepsPlace(state.status) ? emailKey(state.email) : null,
    state.whatsapp,
    state.dream,
    state.locale,
    state.status,
    state.status === 'waiting',
    state.paid,
    state.dreamedCaptured,
    state.holdExpiresAt,
    state.checkoutSessionId,
    state.stripeSessionId,
    state.sharedDreams,
    state.clientKey,
    state.checkedInAt,
    state.checkedInBy,
    state.noShow,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
    row.version,
    String(row.lastPosition),
  ];
}

const UPSERT_ROWS = 5_000;

/**
 * Writes what a fold holds: each registration's row (inserted, or replacing the row it had),
 * the deleted registrations' rows removed, and each slot's counts moved by what the fold
 * counted. PostgreSQL refuses a move that would take more seats than the slot has
 * (slot_capacity's CHECK): the guard under the domain's decision.
 */
export async function writeReadModels(sql: SqlExecutor, fold: ReadModelFold): Promise<void> {
  // In primary key order: a bulk insert grows the index at its right edge.
  const rows = [...fold.registrations.values()].sort((a, b) =>
    a.state.id < b.state.id ? -1 : a.state.id > b.state.id ? 1 : 0,
  );
  const names = VIEW_COLUMNS.map(([name]) => name).join(', ');
  const arrays = VIEW_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const updates = VIEW_COLUMNS.filter(([name]) => name !== 'id' && name !== 'created_at')
    .map(([name]) => `${name} = EXCLUDED.${name}`)
    .join(', ');
  for (let start = 0; start < rows.length; start += UPSERT_ROWS) {
    const columns: unknown[][] = VIEW_COLUMNS.map(() => []);
    for (const row of rows.slice(start, start + UPSERT_ROWS)) {
      viewRowValues(row).forEach((value, index) => columns[index].push(value));
    }
    await sql.query(
      `INSERT INTO registration_view (${names}) SELECT * FROM unnest(${arrays})
       ON CONFLICT (id) DO UPDATE SET ${updates}`,
      columns,
    );
  }
  if (fold.removed.size > 0) {
    await sql.query('DELETE FROM registration_view WHERE id = ANY($1::uuid[])', [
      [...fold.removed],
    ]);
  }
  const slots = [...fold.slots.values()].filter((slot) =>
    SLOT_COUNTS.some((column) => slot[column] !== 0),
  );
  if (slots.length === 0) return;
  // A slot unknown to slot_capacity (one that left the tour) still counts what happens in it,
  // with no seats of its own. (Not an upsert: PostgreSQL checks the CHECK on the row proposed
  // for insertion even when it conflicts and becomes an update.)
  const columns = SLOT_COUNTS.join(', ');
  await sql.query(
    `WITH counts AS (
       SELECT * FROM unnest($1::text[], $2::text[], ${SLOT_COUNTS.map((_, i) => `$${i + 3}::int[]`).join(', ')})
         AS counts(event, time, ${columns})
     ),
     moved AS (
       UPDATE slot_capacity AS current SET ${SLOT_COUNTS.map(
         (column) => `${column} = current.${column} + counts.${column}`,
       ).join(', ')}
         FROM counts
        WHERE current.event = counts.event AND current.time = counts.time
       RETURNING current.event, current.time
     )
     INSERT INTO slot_capacity (event, time, seat_limit, ${columns})
     SELECT event, time, 0, ${columns} FROM counts
      WHERE NOT EXISTS (SELECT 1 FROM moved WHERE moved.event = counts.event
                                              AND moved.time = counts.time)`,
    [
      slots.map((slot) => slot.event),
      slots.map((slot) => slot.time),
      ...SLOT_COUNTS.map((column) => slots.map((slot) => slot[column])),
    ],
  );
}
