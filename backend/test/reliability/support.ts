import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { LiveTour } from '../../src/tour/live-tour';
import type { RecordedEvent } from '../../src/event-store/event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  toRecordedEvent,
  type RecordedEventRow,
} from '../../src/event-store/recorded-event-row';
import {
  evolve,
  occupiesSeat,
  type RegistrationState,
} from '../../src/registrations/domain/registration';
import {
  beginsRegistration,
  refundNumberOf,
  REGISTRATION_EVENT_TYPES,
  type RegistrationEvent,
} from '../../src/registrations/domain/registration-events';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { snapshotReadModels } from '../read-models';
import { testTour } from '../test-tour';

/** The open slots the reliability cases crowd into, with few seats so that limits are hit. */
export const SMALL_SLOTS = [
  { event: 'bucharest', time: 'Oct 30 - 7:30pm' },
  { event: 'bucharest', time: 'Oct 31 - 7:30pm' },
];

/**
 * The real catalogue with every open slot cut down to `seats` seats (and the two slots above
 * open), written to a file so that child processes (TOUR_FILE) see the same one.
 */
export function smallCatalogue(seats: number): { catalogue: LiveTour; file: string } {
  const tour = testTour();
  const bucharest = tour.events.find((event) => event.slug === 'bucharest');
  if (!bucharest) throw new Error('The catalogue has no bucharest event');
  bucharest.status = 'open';
  const openStart = Date.parse(
    bucharest.slots.find((candidate) => candidate.time === SMALL_SLOTS[0].time)!.startsAt,
  );
  bucharest.slots = SMALL_SLOTS.map((slot, index) => ({
    ...(bucharest.slots[index] ?? bucharest.slots[0]),
    time: slot.time,
    // A month ahead, as the tests' open slot, a day apart (no two slots start at one instant).
    startsAt: new Date(openStart + index * 86_400_000).toISOString(),
    status: 'open' as const,
    capacity: seats,
  }));
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tour-')), 'tour.json');
  writeFileSync(file, JSON.stringify(tour));
  return { catalogue: LiveTour.load(file), file };
}

/**
 * Every committed event in order. Unlike readAll, it does not wait for the transactions of
 * other databases on the same server (other test files running beside this one): the checks
 * run once every operation has ended, so every event is committed.
 */
async function* readWholeLog(dataSource: DataSource): AsyncGenerator<RecordedEvent[]> {
  let after = 0;
  for (;;) {
    const rows: RecordedEventRow[] = await dataSource.query(
      `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
        WHERE global_position > $1 ORDER BY global_position LIMIT 5000`,
      [after],
    );
    if (rows.length === 0) return;
    yield rows.map(toRecordedEvent);
    after = Number(rows[rows.length - 1].global_position);
  }
}

/** Every registration's state, replayed from the log alone (personal fields not needed). */
export async function replayLog(dataSource: DataSource): Promise<{
  states: Map<string, RegistrationState | undefined>;
  types: Map<string, string[]>;
  /**
   * The money events (PaymentConfirmed, PriceDifferencePaid, RefundRequested, PaymentRefunded),
   * in log order.
   */
  money: RegistrationEvent[];
}> {
  const known = new Set<string>(REGISTRATION_EVENT_TYPES);
  const states = new Map<string, RegistrationState | undefined>();
  const types = new Map<string, string[]>();
  const money: RegistrationEvent[] = [];
  for await (const batch of readWholeLog(dataSource)) {
    for (const recorded of batch) {
      if (!known.has(recorded.type) || !recorded.streamId.startsWith('registration-')) continue;
      const event = { type: recorded.type, data: recorded.data } as RegistrationEvent;
      const id = event.data.registrationId;
      if (
        event.type === 'PaymentConfirmed' ||
        event.type === 'PriceDifferencePaid' ||
        event.type === 'RefundRequested' ||
        event.type === 'PaymentRefunded'
      ) {
        money.push(event);
      }
      const before = states.get(id);
      if (!before && !beginsRegistration(event)) continue;
      states.set(id, evolve(before, event));
      types.set(id, [...(types.get(id) ?? []), event.type]);
    }
  }
  return { states, types, money };
}

/**
 * The refunds of a payment that paid a seat: asked for by an operator or by the visitor, and
 * the part a move to a cheaper slot gives back.
 */
const OPERATOR_OR_VISITOR_REFUNDS: readonly string[] = [
  'deleted-by-operator',
  'cancelled-by-operator',
  'cancelled-by-visitor',
  'move-price-difference',
];

/**
 * The promises about money, over the log: a payment confirms a seat only at a stop's price;
 * each refund of a payment (a payment may be refunded in parts, each numbered) is asked once and
 * confirmed once, and all of a payment's refunds together never exceed what it paid; a payment
 * that confirmed a seat is refunded only by the provider, an operator's deletion, a cancellation
 * or a cheaper move; and, with `settled`, every refund requested has been confirmed by the
 * provider.
 */
export function checkMoney(
  money: readonly RegistrationEvent[],
  catalogue: LiveTour,
  options: { settled?: boolean } = {},
): void {
  const requested = new Map<string, string>();
  const refunded = new Set<string>();
  const confirmed = new Set<string>();
  const paidBy = new Map<string, number>();
  const refundedOf = new Map<string, number>();
  // A seat's price at one of the tour's stops, in its currency.
  const prices = new Set(
    catalogue.allSlots().map((slot) => `${slot.event.priceMinor} ${slot.event.currency}`),
  );
  const refundKey = (intent: string, data: { part?: number }) =>
    `${intent}#${refundNumberOf(data)}`;
  for (const event of money) {
    if (event.type === 'PaymentConfirmed') {
      const registration = event.data.registrationId;
      if (!prices.has(`${event.data.amountMinor} ${event.data.currency.toUpperCase()}`)) {
        throw new Error(
          `Registration ${registration} confirmed by ${event.data.amountMinor} ${event.data.currency}`,
        );
      }
      if (event.data.paymentIntentId) {
        confirmed.add(event.data.paymentIntentId);
        paidBy.set(event.data.paymentIntentId, event.data.amountMinor);
      }
    } else if (event.type === 'PriceDifferencePaid') {
      if (event.data.paymentIntentId) {
        confirmed.add(event.data.paymentIntentId);
        paidBy.set(event.data.paymentIntentId, event.data.amountMinor);
      }
    } else if (event.type === 'RefundRequested') {
      const intent = event.data.paymentIntentId;
      const key = refundKey(intent, event.data);
      if (requested.has(key)) throw new Error(`Refund ${key} requested twice`);
      if (confirmed.has(intent) && !OPERATOR_OR_VISITOR_REFUNDS.includes(event.data.reason)) {
        throw new Error(
          `The payment ${intent} that paid a seat is refunded (${event.data.reason})`,
        );
      }
      requested.set(key, event.data.reason);
      const total = (refundedOf.get(intent) ?? 0) + event.data.amountMinor;
      refundedOf.set(intent, total);
      const paid = paidBy.get(intent);
      if (paid !== undefined && total > paid) {
        throw new Error(`Payment ${intent} of ${paid} refunded ${total}`);
      }
    } else if (event.type === 'PaymentRefunded' && event.data.paymentIntentId) {
      const key = refundKey(event.data.paymentIntentId, event.data);
      if (refunded.has(key)) throw new Error(`Refund ${key} confirmed twice`);
      refunded.add(key);
    }
  }
  if (options.settled) {
    for (const [key, reason] of requested) {
      if (!refunded.has(key)) throw new Error(`Refund ${key} (${reason}) never confirmed`);
    }
  }
}

export interface InvariantReport {
  slots: number;
  registrations: number;
  seats: number;
}

/**
 * The promises of the product, checked against the database:
 * - no slot has more seats taken than its limit;
 * - every registration whose payment was taken (and not refunded, nor kept by a cancellation
 *   without refund) holds a seat, and no
 *   payment was recorded twice (the operator's paid flag is bookkeeping, not a payment);
 * - the capacity rows equal a recount over the events;
 * - the registration rows agree with the events;
 * - a payment confirms a seat only at its price, and each payment is refunded at most once
 *   (checkMoney);
 * - a rebuild gives exactly the live rows.
 */
export async function checkInvariants(
  dataSource: DataSource,
  catalogue: LiveTour,
  options: { rebuild?: boolean; settled?: boolean } = {},
): Promise<InvariantReport> {
  const capacity: {
    event: string;
    time: string;
    seat_limit: number;
    held: number;
    paid: number;
    confirmed: number;
    waiting_list: number;
    seats_taken: number;
  }[] = await dataSource.query('SELECT * FROM slot_capacity ORDER BY event, time');
  for (const slot of capacity) {
    const taken = Math.max(slot.seats_taken, slot.held + slot.paid + slot.confirmed);
    if (taken > slot.seat_limit) {
      throw new Error(`${slot.event} ${slot.time}: ${taken} seats taken of ${slot.seat_limit}`);
    }
  }

  const { states, types, money } = await replayLog(dataSource);
  checkMoney(money, catalogue, options);
  type Counts = {
    held: number;
    paid: number;
    confirmed: number;
    waiting_list: number;
    seats_taken: number;
  };
  const none = (): Counts => ({ held: 0, paid: 0, confirmed: 0, waiting_list: 0, seats_taken: 0 });
  const recount = new Map<string, Counts>();
  let seats = 0;
  for (const [id, state] of states) {
    if (!state) continue;
    const history = types.get(id) ?? [];
    const payments = history.filter((type) => type === 'PaymentConfirmed').length;
    const refunds = history.filter((type) => type === 'PaymentRefunded').length;
    if (payments > 1) throw new Error(`Registration ${id} has ${payments} payments recorded`);
    // A cancellation the operator made without a refund keeps the money on purpose.
    if (
      payments === 1 &&
      refunds === 0 &&
      state.status !== 'deleted' &&
      state.status !== 'cancelled' &&
      !occupiesSeat(state.status)
    ) {
      throw new Error(`Registration ${id} paid but holds no seat (${state.status})`);
    }
    const key = `${state.event}\u0000${state.time}`;
    const counts = recount.get(key) ?? none();
    if (state.status === 'held' || state.status === 'offered') counts.held += 1;
    if (state.status === 'paid') counts.paid += 1;
    if (state.status === 'confirmed') counts.confirmed += 1;
    if (state.status === 'waiting') counts.waiting_list += 1;
    if (occupiesSeat(state.status)) {
      seats += 1;
      counts.seats_taken += 1;
    }
    recount.set(key, counts);
    // A seat held for a move waiting for its difference is taken in its target slot.
    if (state.pendingMove) {
      const target = `${state.pendingMove.event}\u0000${state.pendingMove.time}`;
      const held = recount.get(target) ?? none();
      held.seats_taken += 1;
      seats += 1;
      recount.set(target, held);
    }
  }
  for (const slot of capacity) {
    const counts = recount.get(`${slot.event}\u0000${slot.time}`) ?? none();
    const row: Counts = {
      held: slot.held,
      paid: slot.paid,
      confirmed: slot.confirmed,
      waiting_list: slot.waiting_list,
      seats_taken: slot.seats_taken,
    };
    if (JSON.stringify(row) !== JSON.stringify(counts)) {
      throw new Error(
        `${slot.event} ${slot.time}: capacity ${JSON.stringify(row)} but the events say ${JSON.stringify(counts)}`,
      );
    }
  }

  const view: { id: string; status: string; version: number }[] = await dataSource.query(
    'SELECT id, status, version FROM registration_view',
  );
  const live = [...states.values()].filter((state) => state && state.status !== 'deleted');
  if (view.length !== live.length) {
    throw new Error(`${view.length} registration rows but ${live.length} live in the events`);
  }
  for (const row of view) {
    const state = states.get(row.id);
    if (!state || state.status !== row.status) {
      throw new Error(
        `Registration ${row.id} is ${row.status} in its row, ${state?.status} in the log`,
      );
    }
  }

  if (options.rebuild !== false) {
    const before = await snapshotReadModels(dataSource);
    await rebuildProjections(dataSource, catalogue);
    const after = await snapshotReadModels(dataSource);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      throw new Error('A rebuild gave other rows than the live projection');
    }
  }
  return { slots: capacity.length, registrations: view.length, seats };
}
