import { visitorCancellationOpen } from '../../tour/domain/registration-window';
import { refundsOfSeat } from './payment-decisions';
import {
  assertExists,
  assertVisitorMayChange,
  hasFreeSeat,
  netPaid,
  pageFacts,
  releaseMoveSeat,
  type OpenedPage,
  type PendingMove,
  type RegistrationState,
  type SlotSeats,
} from './registration';
import {
  ChangeWindowClosedError,
  DuplicateRegistrationError,
  InvalidTransitionError,
  MoveCurrencyDiffersError,
  MoveDifferenceUnsettledError,
  PastTheDoorError,
  SlotFullError,
  SlotNotOpenError,
} from './registration-errors';
import type {
  BookingMoved,
  ChangedBy,
  MoveDifference,
  MoveSeatHeld,
  RegistrationEvent,
  SeatPayment,
} from './registration-events';
import type { Locale } from '../../common/locale';

/**
 * A booking's changes of plan: moved to another slot, or handed on to someone else. Pure
 * decisions over the registration, the target slot's seats as read under the locks of both
 * slots, and the times they need; the handlers record what these answer.
 */

/** The visitor's own change: when it is asked, when the slot starts, when changes close. */
export interface VisitorWindow {
  now: Date;
  startsAt: Date | null | undefined;
  /** When cancelling from the email closes (visitorCancellationClosesAt): changes close then. */
  closesAt: Date;
}

/**
 * The visitor may change a booking they hold a ticket for (paid, or confirmed from the waiting
 * list), never past the door (let in, or the slot begun), and only while cancelling from the
 * email is still open: the same window, with the same refusals.
 */
export function assertVisitorMayChangeBooking(
  state: RegistrationState,
  window: VisitorWindow,
  nothing: 'nothing-to-move' | 'nothing-to-hand-on',
): void {
  if (state.status === 'cancelled') {
    throw new InvalidTransitionError('already-cancelled', 'This booking is already cancelled.');
  }
  assertVisitorMayChange(state, window.startsAt, window.now);
  if (state.status !== 'paid' && state.status !== 'confirmed') {
    throw new InvalidTransitionError(nothing, 'This booking has no confirmed seat to change.');
  }
  if (!visitorCancellationOpen(window.now, window.closesAt)) {
    throw new ChangeWindowClosedError(window.closesAt);
  }
}

/** The slot a booking is asked to move to, as read under both slots' locks. */
export interface MoveTarget {
  event: string;
  time: string;
  /** Whether the tour has the slot; for a visitor, whether it still takes registrations. */
  open: 'open' | 'closed' | 'unknown';
  seats: SlotSeats;
  /** Whether the person's email already keeps a place in the target slot. */
  emailKeepsPlace: boolean;
  /** A seat's price in the target slot, in the minor unit of its currency (ISO 4217). */
  price: { amountMinor: number; currency: string };
}

/**
 * What moving a seat to a slot of `price` does to its money, from what its payments through the
 * provider hold now (`paid`, netPaid; null when nothing was paid through the provider): nothing
 * (no money, or the same amount), a difference to pay (a dearer slot), one to refund (a cheaper
 * one), or nothing possible (another currency). The one rule of the difference, held equal to
 * the client's copy (frontend lib/move-difference.ts) by its test.
 */
export type PriceDifference =
  | { kind: 'none' }
  | { kind: 'pay' | 'refund'; amountMinor: number; currency: string }
  | { kind: 'other-currency'; paidCurrency: string; currency: string };

export function priceDifference(
  paid: { amountMinor: number; currency: string } | null,
  price: { amountMinor: number; currency: string },
): PriceDifference {
  if (!paid) return { kind: 'none' };
  const paidCurrency = paid.currency.toUpperCase();
  const currency = price.currency.toUpperCase();
  if (paidCurrency !== currency) return { kind: 'other-currency', paidCurrency, currency };
  const due = price.amountMinor - paid.amountMinor;
  if (due === 0) return { kind: 'none' };
  return due > 0
    ? { kind: 'pay', amountMinor: due, currency }
    : { kind: 'refund', amountMinor: -due, currency };
}

/** How a move is asked: by whom, when, and what a dearer slot's difference becomes. */
export interface MoveTerms {
  by: ChangedBy;
  now: Date;
  /** How long a seat of a dearer target is held while its difference is paid. */
  holdMinutes: number;
  /**
   * An operator's choice for a target dearer than what the seat paid: waive the difference, or
   * ask the visitor to pay it (the seat held for them, a link emailed). The visitor always pays.
   */
  difference?: 'waive' | 'ask';
}

/**
 * What a move decided: the booking moved (with a cheaper slot's difference refunded, or a
 * dearer one's waived), or a seat of the target held while the difference is paid, or, asked
 * again while that seat is held for the same move, that move still waiting for its payment.
 */
export type MoveDecision =
  | { outcome: 'moved'; events: RegistrationEvent[]; difference: MoveDifference | null }
  | { outcome: 'payment-due'; events: RegistrationEvent[]; due: PendingMove }
  | { outcome: 'payment-pending'; events: []; due: PendingMove };

/**
 * Moves a booking to another slot: a seat held for good (paid, or confirmed from the waiting
 * list) to a free seat of the target, a waiting-list place to the target's list. Refused when
 * the target is the same slot, not in the tour (or, for the visitor, no longer taking
 * registrations), full for a seat (SlotFullError: the visitor may join its waiting list instead
 * and keep their seat meanwhile), or already holds a place for the same email. A seat being paid
 * for (held, or an offer) moves once it is paid; a booking that holds nothing has nothing to move.
 *
 * A seat paid through the provider moves at the target's price: what its payments hold now
 * (netPaid) against the target's price, in the same currency (another currency is refused,
 * MoveCurrencyDiffersError). A cheaper target refunds the difference from those payments at
 * once; a dearer one holds a seat there for `holdMinutes` while the visitor pays the difference
 * (the move completes when the payment is confirmed), unless an operator waives it. A seat
 * paid at the desk or not paid moves as it is: the site holds none of its money.
 *
 * A move already waiting for its difference is given up for a new one (its held seat released),
 * except when the same move is asked again: it keeps waiting (an operator's waiver completes it;
 * an operator asking for the visitor's own move holds it anew, and the visitor is emailed).
 */
export function moveBooking(
  state: RegistrationState | undefined,
  target: MoveTarget,
  terms: MoveTerms,
): MoveDecision {
  const registration = assertExists(state);
  const { by } = terms;
  if (registration.event === target.event && registration.time === target.time) {
    throw new InvalidTransitionError('same-slot', 'This booking is already in that slot.');
  }
  if (registration.status === 'held' || registration.status === 'offered') {
    throw new InvalidTransitionError(
      'payment-pending',
      'This seat is being paid for: it can be moved once it is paid.',
    );
  }
  const seat = registration.status === 'paid' || registration.status === 'confirmed';
  if (!seat && registration.status !== 'waiting') {
    throw new InvalidTransitionError(
      'nothing-to-move',
      'This registration holds no seat and no place on the waiting list: there is nothing to move.',
    );
  }
  const pending = registration.pendingMove;
  const samePending =
    pending !== null && pending.event === target.event && pending.time === target.time;
  // Asked again, the same move keeps waiting; an operator's waiver completes it, and an
  // operator's asking for the visitor's own move holds it anew and emails them the link.
  const operatorTakesOver =
    by === 'operator' &&
    (terms.difference === 'waive' || (terms.difference === 'ask' && pending?.by === 'visitor'));
  if (samePending && !operatorTakesOver) {
    return { outcome: 'payment-pending', events: [], due: pending };
  }
  if (target.open === 'unknown') throw new SlotNotOpenError('unknown');
  if (target.open === 'closed') throw new SlotNotOpenError('closed');
  if (target.emailKeepsPlace) throw new DuplicateRegistrationError();
  // The seat held for a move to this very slot is the one it takes.
  const seats = samePending
    ? { ...target.seats, seatsTaken: target.seats.seatsTaken - 1 }
    : target.seats;
  if (seat && !hasFreeSeat(seats)) throw new SlotFullError();
  const released = releaseMoveSeat(registration, 'replaced');
  const moved = (difference: MoveDifference | null): BookingMoved => ({
    type: 'BookingMoved',
    data: {
      registrationId: registration.id,
      fromEvent: registration.event,
      fromTime: registration.time,
      event: target.event,
      time: target.time,
      by,
      ...(difference ? { difference } : {}),
    },
  });
  const money = registration.status === 'paid' ? netPaid(registration.payments) : null;
  const difference = priceDifference(money, target.price);
  if (difference.kind === 'other-currency') {
    throw new MoveCurrencyDiffersError(difference.paidCurrency, difference.currency);
  }
  if (difference.kind === 'none') {
    return { outcome: 'moved', events: [...released, moved(null)], difference: null };
  }
  const { amountMinor: due, currency } = difference;
  if (difference.kind === 'refund') {
    const refunded: MoveDifference = { amountMinor: due, currency, settled: 'refunded' };
    return {
      outcome: 'moved',
      // Moved first: the refund is the new slot's money, as every later movement of the seat.
      events: [
        ...released,
        moved(refunded),
        ...refundsOfSeat(registration, 'move-price-difference', due),
      ],
      difference: refunded,
    };
  }
  if (by === 'operator' && terms.difference === 'waive') {
    const waived: MoveDifference = { amountMinor: due, currency, settled: 'waived' };
    return { outcome: 'moved', events: [...released, moved(waived)], difference: waived };
  }
  if (by === 'operator' && terms.difference !== 'ask') {
    throw new MoveDifferenceUnsettledError(due, currency);
  }
  const held: MoveSeatHeld = {
    type: 'MoveSeatHeld',
    data: {
      registrationId: registration.id,
      event: target.event,
      time: target.time,
      amountMinor: due,
      currency,
      expiresAt: new Date(terms.now.getTime() + terms.holdMinutes * 60_000).toISOString(),
      by,
    },
  };
  return {
    outcome: 'payment-due',
    events: [...released, held],
    due: { ...held.data, sessionId: null },
  };
}

/** No move of the booking waits for its difference (InvalidTransitionError 'no-move-waiting'). */
function noMoveWaiting(): InvalidTransitionError {
  return new InvalidTransitionError(
    'no-move-waiting',
    'No move of this booking waits for a payment: the seat held for it went back, or the move was given up. Choose the slot again.',
  );
}

/**
 * The move waiting for its difference, while its seat is still held at `now`; refused in words
 * otherwise (its time lapsed, it completed, or it was given up).
 */
export function waitingMove(state: RegistrationState | undefined, now: Date): PendingMove {
  const registration = assertExists(state);
  const pending = registration.pendingMove;
  if (!pending || new Date(pending.expiresAt).getTime() <= now.getTime()) throw noMoveWaiting();
  return pending;
}

/**
 * The payment page of the difference the booking's move waits for, once opened with the
 * provider (`session`): recorded as CheckoutSessionOpened for the difference, the page a payment
 * of the move is checked against. Refused when no move waits, or it has a page already.
 */
export function openDifferencePage(
  state: RegistrationState | undefined,
  page: OpenedPage,
  now: Date,
): RegistrationEvent[] {
  const pending = waitingMove(state, now);
  if (pending.sessionId !== null) throw noMoveWaiting();
  return [
    {
      type: 'CheckoutSessionOpened',
      data: { registrationId: state!.id, ...pageFacts(page), purpose: 'move-difference' },
    },
  ];
}

/** The page of the move's difference already opened, from the history: its address. */
export function differencePageOf(
  history: readonly RegistrationEvent[],
  pending: PendingMove,
): string | null {
  if (!pending.sessionId) return null;
  for (const event of history) {
    if (event.type === 'CheckoutSessionOpened' && event.data.sessionId === pending.sessionId) {
      return event.data.url;
    }
  }
  return null;
}

/** The person a booking is handed on to, as they gave themselves. */
export interface NewHolder {
  registrationId: string;
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  locale: Locale;
}

/**
 * Hands a booking on: the seat (paid, or confirmed from the waiting list) passes to a new
 * registration in the new person's name, with their own dream and their own ticket; the payment
 * stays where it was (the new registration carries it, for a refund later); the old
 * registration ends as an erasure (BookingHandedOn), so the old person's data, dream included,
 * is shredded with their key and the old ticket is refused at the door. Refused once the person
 * was let in, when there is no seat to hand on, and when the new person's email already keeps a
 * place in the slot (the holder's own email among them). `paidAmount` is what the provider took
 * for the seat, when it was paid through the provider.
 */
export function handOnBooking(
  state: RegistrationState | undefined,
  to: NewHolder,
  by: ChangedBy,
  emailKeepsPlace: boolean,
  paidAmount: { amountMinor: number; currency: string } | null,
): { handedOn: RegistrationEvent[]; received: RegistrationEvent[] } {
  const payments: readonly SeatPayment[] = state?.payments ?? [];
  const registration = assertExists(state);
  if (registration.checkedInAt !== null) throw new PastTheDoorError('checked-in');
  if (registration.status !== 'paid' && registration.status !== 'confirmed') {
    throw new InvalidTransitionError(
      'nothing-to-hand-on',
      'This booking has no confirmed seat to hand on.',
    );
  }
  if (emailKeepsPlace) throw new DuplicateRegistrationError();
  return {
    handedOn: [
      // A move waiting for its difference ends with this registration: its held seat goes back.
      ...releaseMoveSeat(registration, 'handed-on'),
      {
        type: 'BookingHandedOn',
        data: { registrationId: registration.id, to: to.registrationId, by },
      },
    ],
    received: [
      {
        type: 'BookingReceived',
        data: {
          registrationId: to.registrationId,
          from: registration.id,
          by,
          event: registration.event,
          time: registration.time,
          locale: to.locale,
          status: registration.status,
          paid: registration.paid,
          stripeSessionId: registration.stripeSessionId,
          paymentIntentId: registration.paymentIntentId,
          ...(paidAmount ?? {}),
          ...(payments.length > 0 ? { payments: [...payments] } : {}),
          name: to.name,
          email: to.email,
          whatsapp: to.whatsapp,
          dream: to.dream,
        },
      },
    ],
  };
}
