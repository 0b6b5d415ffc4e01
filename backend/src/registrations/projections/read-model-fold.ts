import type { SqlExecutor } from '../../event-store/sql-executor';
import { copyRows } from '../../database/copy-rows';
import {
  moveSlotCounts,
  SLOT_COUNTS,
  type SlotCountColumn,
  type SlotCountMove,
} from '../../seat-ledger/slot-counts';
import { emailKey } from '../domain/registration-rules';
import { doorHandleOf } from '../domain/door-handle';
import {
  evolve,
  keepsPlace,
  netPaid,
  occupiesSeat,
  type PendingMove,
  type ExistingRegistrationStatus,
  type RegistrationState,
  type RegistrationStatus,
} from '../domain/registration';
import type { DecodedRegistrationEvent } from '../registration-event-codec';
import { beginsRegistration } from '../domain/registration-events';

/**
 * The one projection of the registration events into the read models (registration_view and
 * slot_capacity's counts), for live appends and rebuilds alike: the events are folded in memory
 * with the domain's evolve() and seat rule, then writeReadModels() writes what the fold holds.
 * A live append folds the registration's own history and its new events (RegistrationStore); a
 * rebuild folds the whole log from empty tables (rebuild-projections.ts). The same rows result.
 */

/**
 * The slot_capacity columns a registration in each status counts in: every status its own, and
 * an offer in held as well, since an offered seat is held for its payment as a hold is (the
 * seat's counts, held + paid + confirmed, stay what they were). Both the counts written and the
 * counts read back by status (statusCountsOfSlots) follow this one table.
 */
export const STATUS_COUNT_COLUMNS = {
  held: ['held'],
  offered: ['offered', 'held'],
  paid: ['paid'],
  confirmed: ['confirmed'],
  waiting: ['waiting_list'],
  cancelled: ['cancelled'],
  released: ['released'],
  refunded: ['refunded'],
} as const satisfies Record<ExistingRegistrationStatus, readonly StatusCountColumn[]>;

export type StatusCountColumn = Exclude<SlotCountColumn, 'seats_taken'>;

const NO_COLUMNS: readonly StatusCountColumn[] = [];

/** The columns a registration in `status` counts in: none before it exists or once deleted. */
function countColumnsOf(status: RegistrationStatus | undefined): readonly StatusCountColumn[] {
  return status === undefined || status === 'deleted' ? NO_COLUMNS : STATUS_COUNT_COLUMNS[status];
}

/**
 * How many registrations stand in each status, from slot_capacity's counts of some slots: a
 * status's own column (its first), less the statuses also counted in it. What count(*) by
 * status over registration_view gives for the same slots, without reading its rows.
 */
export function statusCountsOfSlots(
  slots: readonly Record<StatusCountColumn, number>[],
): Map<ExistingRegistrationStatus, number> {
  const statuses = Object.keys(STATUS_COUNT_COLUMNS) as ExistingRegistrationStatus[];
  const own = (status: ExistingRegistrationStatus) => STATUS_COUNT_COLUMNS[status][0];
  const counts = new Map(
    statuses.map((status) => [status, slots.reduce((total, slot) => total + slot[own(status)], 0)]),
  );
  // A status counted in another's column as well (an offer in held) is taken out of that one.
  for (const status of statuses) {
    for (const column of STATUS_COUNT_COLUMNS[status].slice(1)) {
      const counted = statuses.find((other) => own(other) === column)!;
      counts.set(counted, counts.get(counted)! - counts.get(status)!);
    }
  }
  for (const [status, count] of counts) if (count === 0) counts.delete(status);
  return counts;
}

export interface FoldedRegistration {
  state: RegistrationState;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  lastPosition: number;
}

/**
 * How the events folded changed one slot's counts (from zero, in a rebuild); its seats_taken
 * are the seats its registrations take, as the domain's occupiesSeat() counts them.
 */
export type FoldedSlot = SlotCountMove;

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
    if (!current && !beginsRegistration(event)) return;
    const after = evolve(current?.state, event);
    if (current && (current.state.event !== after.event || current.state.time !== after.time)) {
      // A move: the place leaves its old slot and is counted in the new one.
      this.count(current.state.event, current.state.time, current.state.status, undefined);
      this.count(after.event, after.time, undefined, after.status);
    } else {
      this.count(after.event, after.time, current?.state.status, after.status);
    }
    this.countMoveSeat(current?.state.pendingMove ?? null, after.pendingMove);
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
    to: RegistrationStatus | undefined,
  ): void {
    if (from === to) return;
    const seats = (to && occupiesSeat(to) ? 1 : 0) - (from && occupiesSeat(from) ? 1 : 0);
    const slot = this.slotOf(event, time);
    for (const column of countColumnsOf(from)) slot[column] -= 1;
    for (const column of countColumnsOf(to)) slot[column] += 1;
    slot.seats_taken += seats;
  }

  /**
   * A seat held for a move waiting for its difference is taken in its target slot (counted in
   * seats_taken only: the registration itself stands, by its status, in its own slot).
   */
  private countMoveSeat(from: PendingMove | null, to: PendingMove | null): void {
    if (from && to && from.event === to.event && from.time === to.time) return;
    if (from) this.slotOf(from.event, from.time).seats_taken -= 1;
    if (to) this.slotOf(to.event, to.time).seats_taken += 1;
  }

  private slotOf(event: string, time: string): FoldedSlot {
    const key = `${event}\u0000${time}`;
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { event, time, ...noCounts() };
      this.slots.set(key, slot);
    }
    return slot;
  }
}

function noCounts(): Record<SlotCountColumn, number> {
  return Object.fromEntries(SLOT_COUNTS.map((column) => [column, 0])) as Record<
    SlotCountColumn,
    number
  >;
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
  ['sheet_dream', 'text'],
  ['sheet_dream_approved_by', 'text'],
  ['sheet_dream_approved_at', 'timestamptz'],
  ['sheet_still_personal_accepted', 'boolean'],
  ['sheet_answers', 'text'],
  ['checked_in_at', 'timestamptz'],
  ['checked_in_by', 'text'],
  ['checked_in_operator', 'text'],
  ['no_show', 'boolean'],
  ['seat_number', 'integer'],
  ['door_handle', 'text'],
  ['net_paid_minor', 'integer'],
  ['net_paid_currency', 'text'],
  ['move_event', 'text'],
  ['move_time', 'text'],
  ['move_amount_minor', 'integer'],
  ['move_currency', 'text'],
  ['move_expires_at', 'timestamptz'],
  ['move_session_id', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'integer'],
  ['last_position', 'bigint'],
] as const;

function viewRowValues(row: FoldedRegistration): unknown[] {
  const { state } = row;
  const money = netPaid(state.payments);
  const move = state.pendingMove;
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
    state.sheetDream,
    state.sheetDreamApprovedBy,
    state.sheetDreamApprovedAt,
    state.sheetStillPersonalAccepted,
    state.sheetAnswers.length === 0 ? null : JSON.stringify(state.sheetAnswers),
    state.checkedInAt,
    state.checkedInBy,
    state.checkedInOperator,
    state.noShow,
    state.seatNumber,
    doorHandleOf(state.id),
    money?.amountMinor ?? null,
    money?.currency ?? null,
    move?.event ?? null,
    move?.time ?? null,
    move?.amountMinor ?? null,
    move?.currency ?? null,
    move?.expiresAt ?? null,
    move?.sessionId ?? null,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
    row.version,
    String(row.lastPosition),
  ];
}

const UPSERT_ROWS = 5_000;

/** The rows' values, each made as it is taken (by a COPY), not all of them first. */
function* mapRows<T>(rows: Iterable<T>, values: (row: T) => unknown[]): Generator<unknown[]> {
  for (const row of rows) yield values(row);
}

/**
 * Writes what a fold holds: each registration's row (inserted, or replacing the row it had),
 * the deleted registrations' rows removed, and each slot's counts moved by what the fold
 * counted. PostgreSQL refuses a move that would take more seats than the slot has
 * (slot_capacity's CHECK): the guard under the domain's decision. Into an emptied
 * registration_view (a rebuild, `into: 'empty table'`), the same rows go in by one COPY, with
 * nothing to replace or remove; `sql` must then be a transaction's (copyRows).
 */
export async function writeReadModels(
  sql: SqlExecutor,
  fold: ReadModelFold,
  into: 'rows as they stand' | 'empty table' = 'rows as they stand',
): Promise<void> {
  const names = VIEW_COLUMNS.map(([name]) => name);
  if (into === 'empty table') {
    // In the fold's order: the rebuild builds the table's indexes after the rows are in.
    const rows = fold.registrations.values();
    await copyRows(sql, 'registration_view', names, mapRows(rows, viewRowValues));
  } else {
    // The rows removed go first: a booking handed on leaves its row as the new holder's comes,
    // with the same checkout (unique) in it.
    if (fold.removed.size > 0) {
      await sql.query('DELETE FROM registration_view WHERE id = ANY($1::uuid[])', [
        [...fold.removed],
      ]);
    }
    // In primary key order: a bulk insert grows the index at its right edge.
    const rows = [...fold.registrations.values()].sort((a, b) =>
      a.state.id < b.state.id ? -1 : a.state.id > b.state.id ? 1 : 0,
    );
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
        `INSERT INTO registration_view (${names.join(', ')}) SELECT * FROM unnest(${arrays})
         ON CONFLICT (id) DO UPDATE SET ${updates}`,
        columns,
      );
    }
  }
  await moveSlotCounts(sql, [...fold.slots.values()]);
}
