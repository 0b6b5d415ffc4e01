import { visitorCancellationOpen } from '../../tour/domain/registration-window';
import {
  assertExists,
  assertVisitorMayChange,
  hasFreeSeat,
  type RegistrationState,
  type SlotSeats,
} from './registration';
import {
  ChangeWindowClosedError,
  DuplicateRegistrationError,
  InvalidTransitionError,
  MovePriceDiffersError,
  PastTheDoorError,
  SlotFullError,
  SlotNotOpenError,
} from './registration-errors';
import type { ChangedBy, RegistrationEvent } from './registration-events';
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
  /** A seat's price in each slot, in minor units of the tour's currency. */
  priceMinor: number;
  fromPriceMinor: number;
}

/**
 * Moves a booking to another slot: a seat held for good (paid, or confirmed from the waiting
 * list) to a free seat of the target, a waiting-list place to the target's list. Refused when
 * the target is the same slot, not in the tour (or, for the visitor, no longer taking
 * registrations), full for a seat (SlotFullError: the visitor may join its waiting list instead
 * and keep their seat meanwhile), already holds a place for the same email, or, for a seat paid
 * with money, costs a different price. A seat being paid for (held, or an offer) moves once it
 * is paid; a booking that holds nothing has nothing to move.
 */
export function moveBooking(
  state: RegistrationState | undefined,
  target: MoveTarget,
  by: ChangedBy,
): RegistrationEvent[] {
  const registration = assertExists(state);
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
  if (target.open === 'unknown') throw new SlotNotOpenError('unknown');
  if (target.open === 'closed') throw new SlotNotOpenError('closed');
  if (target.emailKeepsPlace) throw new DuplicateRegistrationError();
  if (seat && !hasFreeSeat(target.seats)) throw new SlotFullError();
  if (
    registration.status === 'paid' &&
    registration.paid &&
    target.priceMinor !== target.fromPriceMinor
  ) {
    throw new MovePriceDiffersError();
  }
  return [
    {
      type: 'BookingMoved',
      data: {
        registrationId: registration.id,
        fromEvent: registration.event,
        fromTime: registration.time,
        event: target.event,
        time: target.time,
        by,
      },
    },
  ];
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
          name: to.name,
          email: to.email,
          whatsapp: to.whatsapp,
          dream: to.dream,
        },
      },
    ],
  };
}
