import { DomainError } from '../../common/domain-error';
import { minutesToWait } from '../../common/minutes-to-wait';

/** The registration's domain errors; one exception filter answers each with its code. */
export abstract class RegistrationError extends DomainError {}

export class RegistrationNotFoundError extends RegistrationError {
  static override readonly codes = { 'registration-not-found': 404 };
  constructor() {
    super('registration-not-found', 'Registration not found');
  }
}

export class DuplicateRegistrationError extends RegistrationError {
  static override readonly codes = { 'already-registered': 409 };
  constructor() {
    super(
      'already-registered',
      'You have already registered for this event with this email address.',
      'email',
    );
  }
}

export class EventNotOpenError extends RegistrationError {
  static override readonly codes = { 'event-not-open': 400 };
  constructor() {
    super('event-not-open', 'Only Bucharest event is available', 'event');
  }
}

export class SlotNotOpenError extends RegistrationError {
  static override readonly codes = { 'slot-unknown': 400, 'slot-closed': 400 };
  constructor(reason: 'unknown' | 'closed') {
    super(
      `slot-${reason}`,
      reason === 'unknown'
        ? 'Please select a time slot'
        : 'This time slot is closed for registration',
      'time',
    );
  }
}

export class SlotFullError extends RegistrationError {
  static override readonly codes = { 'slot-full': 409 };
  constructor() {
    super('slot-full', 'This time slot is full.');
  }
}

/** Why a registration's state refuses the change asked (409), each with its code. */
const TRANSITION_CODES = {
  'already-paid': 409,
  'already-cancelled': 409,
  'already-confirmed': 409,
  'no-seat-awaiting-payment': 409,
  'no-longer-shares-dreams': 409,
  'seat-given-back': 409,
  'nothing-to-cancel': 409,
  'not-waiting': 409,
  'no-seat-to-pay-for': 409,
  'paid-by-card': 409,
  'paid-just-now': 409,
  'offer-lapsed': 409,
  'nothing-to-move': 409,
  'nothing-to-hand-on': 409,
  'same-slot': 409,
  'payment-pending': 409,
  'no-move-waiting': 409,
} as const;

export type TransitionRefusal = keyof typeof TRANSITION_CODES;

export class InvalidTransitionError extends RegistrationError {
  static override readonly codes = TRANSITION_CODES;
  constructor(code: TransitionRefusal, message: string) {
    super(code, message);
  }
}

export class SharedDreamLimitError extends RegistrationError {
  static override readonly codes = { 'dream-limit-reached': 409 };
  constructor(limit: number) {
    super(
      'dream-limit-reached',
      `This registration has already shared ${limit} dreams, the most it may`,
      'dream',
    );
  }
}

/**
 * More dreams shared in the window than DREAM_SHARE_RATE_LIMIT allows, for this registration or
 * from this address. Answered 429, with the seconds until the window lets one more in.
 */
export class DreamSharesThrottledError extends RegistrationError {
  static override readonly codes = { 'dream-shares-throttled': 429 };

  constructor(seconds: number) {
    super(
      'dream-shares-throttled',
      `Too many dreams shared at once; please try again in ${minutesToWait(seconds)}.`,
      undefined,
      { retryAfterSeconds: seconds },
    );
  }
}

/**
 * The client address already holds as many unpaid seats as it may (UNPAID_HOLDS_PER_ADDRESS).
 * Answered 429, with when the first of those holds lapses.
 */
export class UnpaidHoldsCapError extends RegistrationError {
  static override readonly codes = { 'unpaid-holds-cap': 429 };

  constructor(limit: number, firstExpiresAt: Date | null, now: Date) {
    const seconds = firstExpiresAt
      ? Math.max(60, Math.ceil((firstExpiresAt.getTime() - now.getTime()) / 1000))
      : 60;
    super(
      'unpaid-holds-cap',
      `${limit === 1 ? 'A seat is' : `${limit} seats are`} already held from this address and not yet paid. ` +
        `Please finish the open payment, or try again in ${minutesToWait(seconds)}.`,
      undefined,
      { retryAfterSeconds: seconds },
    );
  }
}

/** The visitor's own cancellation closed (CANCELLATION_CLOSES_HOURS_BEFORE the slot). */
export class CancellationClosedError extends RegistrationError {
  static override readonly codes = { 'cancellation-closed': 409 };
  constructor(readonly closedAt: Date) {
    super(
      'cancellation-closed',
      'Cancellation from the email link has closed for this slot; please write to the organisers to cancel.',
    );
  }
}

/**
 * The booking is past the door: the person was let in, or the slot has begun. The visitor's own
 * changes (cancel, give back, resume a payment, share a dream) are refused from then on; an
 * operator may still act, with a reason. `reason` tells the client which, to choose its words.
 */
export class PastTheDoorError extends RegistrationError {
  static override readonly codes = { 'past-the-door': 409 };
  override readonly details: { reason: 'checked-in' | 'started' };
  constructor(reason: 'checked-in' | 'started') {
    super(
      'past-the-door',
      reason === 'checked-in'
        ? 'You have been let in at the door: this booking can no longer be changed from here. Please speak to the organisers.'
        : 'The performance has begun: this booking can no longer be changed from here. Please speak to the organisers.',
    );
    this.details = { reason };
  }
}

/** An operator cancelling a booking past the door says why (the history keeps it). */
export class CancellationNoteRequiredError extends RegistrationError {
  static override readonly codes = { 'cancellation-reason-required': 400 };
  constructor() {
    super(
      'cancellation-reason-required',
      'This person was let in, or the performance has begun: give a reason to cancel the booking.',
      'reason',
    );
  }
}

/**
 * The visitor's own change of a booking (move it, hand it on) closed: it closes when cancelling
 * from the email does (CANCELLATION_CLOSES_HOURS_BEFORE the slot).
 */
export class ChangeWindowClosedError extends RegistrationError {
  static override readonly codes = { 'change-closed': 409 };
  constructor(readonly closedAt: Date) {
    super(
      'change-closed',
      'Changing this booking from the email link has closed for this slot; please write to the organisers.',
    );
  }
}

/**
 * A seat paid through the provider moves only to a slot priced in the currency it was paid in:
 * a difference between two currencies is neither paid nor refunded here.
 */
export class MoveCurrencyDiffersError extends RegistrationError {
  static override readonly codes = { 'move-currency-differs': 409 };
  override readonly details: { paidCurrency: string; targetCurrency: string };
  constructor(paidCurrency: string, targetCurrency: string) {
    super(
      'move-currency-differs',
      `This booking was paid in ${paidCurrency}, and a seat of that slot is priced in ${targetCurrency}: it cannot be moved there. Please cancel it (refunded) and register there, or write to the organisers.`,
      'event',
    );
    this.details = { paidCurrency, targetCurrency };
  }
}

/**
 * An operator's move to a slot dearer than what the seat paid says what becomes of the
 * difference: waived, or asked of the visitor (`difference`).
 */
export class MoveDifferenceUnsettledError extends RegistrationError {
  static override readonly codes = { 'move-difference-unsettled': 409 };
  override readonly details: { amountMinor: number; currency: string };
  constructor(amountMinor: number, currency: string) {
    super(
      'move-difference-unsettled',
      `A seat of that slot costs more than this booking paid (${(amountMinor / 100).toFixed(2)} ${currency}): choose to waive the difference or to ask the visitor to pay it.`,
      'difference',
    );
    this.details = { amountMinor, currency };
  }
}
