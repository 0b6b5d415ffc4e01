import type { SqlStatement } from '../../event-store/sql-statement';
import { emailKey } from '../domain/registration-rules';
import { evolve, type RegistrationState, type RegistrationStatus } from '../domain/registration';
import { registrationStreamId } from '../domain/registration-events';
import type { DecodedRegistrationEvent } from '../registration-event-codec';

/**
 * The live projection (registration.projection.ts) applied in memory: the same evolve(), the
 * same rules for which events count and which capacity column a status occupies, but one
 * folded row per registration and one counter per slot instead of SQL statements per event.
 * Rebuilds use it to replay the log fast and then write the read models in bulk.
 */
/** The slot_capacity column a registration in each status counts in (none: it holds no place). */
export const CAPACITY_COLUMN: Partial<Record<RegistrationStatus, CapacityColumn>> = {
  held: 'held',
  paid: 'paid',
  confirmed: 'confirmed',
  waiting: 'waiting_list',
};

export type CapacityColumn = 'held' | 'paid' | 'confirmed' | 'waiting_list';

export interface FoldedRegistration {
  state: RegistrationState;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  lastPosition: number;
}

export interface FoldedSlot {
  event: string;
  time: string;
  held: number;
  paid: number;
  confirmed: number;
  waiting_list: number;
}

export class ReadModelFold {
  /** Live registrations by id; a deleted one leaves, as its row leaves registration_view. */
  readonly registrations = new Map<string, FoldedRegistration>();
  /** Every slot a registration ever moved in or out of, with its counts. */
  readonly slots = new Map<string, FoldedSlot>();

  /** Starts from a registration as it stands (its row), for events that follow it. */
  seed(registration: FoldedRegistration): void {
    this.registrations.set(registration.state.id, registration);
  }

  apply(decoded: DecodedRegistrationEvent): void {
    const { event, recorded } = decoded;
    const id = event.data.registrationId;
    const current = this.registrations.get(id);
    if (!current && event.type !== 'RegistrationCreated') return;
    const after = evolve(current?.state, event);
    this.moveCapacity(after.event, after.time, current?.state.status, after.status);
    if (after.status === 'deleted') {
      this.registrations.delete(id);
      return;
    }
    this.registrations.set(id, {
      state: after,
      // The live upsert never overwrites created_at.
      createdAt: current ? current.createdAt : recorded.recordedAt,
      updatedAt: recorded.recordedAt,
      version: recorded.streamVersion,
      lastPosition: recorded.globalPosition,
    });
  }

  private moveCapacity(
    event: string,
    time: string,
    from: RegistrationStatus | undefined,
    to: RegistrationStatus,
  ): void {
    const fromColumn = from ? CAPACITY_COLUMN[from] : undefined;
    const toColumn = CAPACITY_COLUMN[to];
    if (fromColumn === toColumn) return;
    const key = `${event}\u0000${time}`;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { event, time, held: 0, paid: 0, confirmed: 0, waiting_list: 0 };
      this.slots.set(key, slot);
    }
    if (fromColumn) slot[fromColumn] -= 1;
    if (toColumn) slot[toColumn] += 1;
  }
}

/** The registration_view columns of a folded registration, in the order of VIEW_COLUMNS. */
export const VIEW_COLUMNS = [
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
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'integer'],
  ['last_position', 'bigint'],
] as const;

export function viewRowValues(row: FoldedRegistration): unknown[] {
  const { state } = row;
  return [
    state.id,
    state.event,
    state.time,
    state.name,
    state.email,
    state.email === null ? null : emailKey(state.email),
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
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
    row.version,
    String(row.lastPosition),
  ];
}

/** The columns that come from the registration's last recorded event. */
const RECORDED_COLUMNS = new Set(['created_at', 'updated_at', 'version', 'last_position']);

/**
 * viewRowsInsert for registrations whose events are appended in the same statement, as the CTE
 * `appended` (see newStreamsStatement): their positions are not known before it runs, so
 * created_at, updated_at, version and last_position are taken from the row of each one's last
 * event there (the events of one statement share their recorded_at). The rows must have been
 * folded from those events with their stream versions, whatever their positions and times.
 * With `upsert`, an existing row is updated instead, keeping its created_at.
 */
export function viewRowsInsertFromAppended(
  rows: FoldedRegistration[],
  upsert = false,
): SqlStatement {
  const own = VIEW_COLUMNS.filter(([name]) => !RECORDED_COLUMNS.has(name));
  const ownIndexes = own.map(([name]) => VIEW_COLUMNS.findIndex(([column]) => column === name));
  const names = VIEW_COLUMNS.map(([name]) => name).join(', ');
  const arrays = own.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const columns: unknown[][] = own.map(() => []);
  const streamIds: string[] = [];
  const versions: number[] = [];
  for (const row of rows) {
    const values = viewRowValues(row);
    ownIndexes.forEach((from, index) => columns[index].push(values[from]));
    streamIds.push(registrationStreamId(row.state.id));
    versions.push(row.version);
  }
  const selected = VIEW_COLUMNS.map(([name]) => {
    if (!RECORDED_COLUMNS.has(name)) return `new.${name}`;
    if (name === 'version') return 'appended.stream_version';
    if (name === 'last_position') return 'appended.global_position';
    return 'appended.recorded_at';
  }).join(', ');
  return {
    text: `INSERT INTO registration_view (${names})
     SELECT ${selected}
       FROM unnest(${arrays}, $${own.length + 1}::text[], $${own.length + 2}::integer[])
              AS new(${own.map(([name]) => name).join(', ')}, stream_id, version)
       JOIN appended
         ON appended.stream_id = new.stream_id AND appended.stream_version = new.version${
           upsert
             ? `
     ON CONFLICT (id) DO UPDATE SET ${VIEW_COLUMNS.filter(
       ([name]) => name !== 'id' && name !== 'created_at',
     )
       .map(([name]) => `${name} = EXCLUDED.${name}`)
       .join(', ')}`
             : ''
         }`,
    parameters: [...columns, streamIds, versions],
  };
}

/** The INSERT of folded registrations into registration_view, as one statement. */
export function viewRowsInsert(rows: FoldedRegistration[]): SqlStatement {
  const names = VIEW_COLUMNS.map(([name]) => name).join(', ');
  const arrays = VIEW_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const columns: unknown[][] = VIEW_COLUMNS.map(() => []);
  for (const row of rows) viewRowValues(row).forEach((value, index) => columns[index].push(value));
  return {
    text: `INSERT INTO registration_view (${names}) SELECT * FROM unnest(${arrays})`,
    parameters: columns,
  };
}

/**
 * The slot_capacity counts of folded slots, as one statement: `set` writes them as they are (a
 * rebuild), `add` adds them to what the rows hold (new events on top of the live rows), and only
 * if the CTE `appended` (see newStreamsStatement) has a row when `afterAppended`. A slot that
 * left the catalogue still counts what happened in it, with no seats of its own.
 */
export function slotCountsWrite(
  slots: FoldedSlot[],
  how: 'set' | 'add',
  options: { afterAppended?: boolean } = {},
): SqlStatement {
  const counts = ['held', 'paid', 'confirmed', 'waiting_list'] as const;
  const update = counts
    .map((column) =>
      how === 'set'
        ? `${column} = EXCLUDED.${column}`
        : `${column} = current.${column} + EXCLUDED.${column}`,
    )
    .join(', ');
  return {
    text: `INSERT INTO slot_capacity AS current
       (event, time, seat_limit, held, paid, confirmed, waiting_list)
     SELECT event, time, 0, held, paid, confirmed, waiting_list
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[])
         AS counts(event, time, held, paid, confirmed, waiting_list)${
           options.afterAppended ? '\n      WHERE EXISTS (SELECT 1 FROM appended)' : ''
         }
     ON CONFLICT (event, time) DO UPDATE SET ${update}`,
    parameters: [
      slots.map((slot) => slot.event),
      slots.map((slot) => slot.time),
      ...counts.map((column) => slots.map((slot) => slot[column])),
    ],
  };
}
