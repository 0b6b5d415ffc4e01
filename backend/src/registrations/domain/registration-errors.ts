import { DomainError } from '../../common/domain-error';
import { minutesToWait } from '../../common/minutes-to-wait';

/** The registration's domain errors; one exception filter maps each to its HTTP answer. */
export abstract class RegistrationError extends DomainError {
  abstract override readonly kind:
    'not-found' | 'conflict' | 'invalid' | 'unavailable' | 'too-many';
}

export class RegistrationNotFoundError extends RegistrationError {
  readonly kind = 'not-found';
  constructor() {
    super('Registration not found');
  }
}

export class DuplicateRegistrationError extends RegistrationError {
  readonly kind = 'conflict';
  constructor() {
    super('You have already registered for this event with this email address.', 'email');
  }
}

export class EventNotOpenError extends RegistrationError {
  readonly kind = 'invalid';
  constructor() {
    super('Only Bucharest event is available', 'event');
  }
}

export class SlotNotOpenError extends RegistrationError {
  readonly kind = 'invalid';
  constructor(reason: 'unknown' | 'closed') {
    super(
      reason === 'unknown'
        ? 'Please select a time slot'
        : 'This time slot is closed for registration',
      'time',
    );
  }
}

export class SlotFullError extends RegistrationError {
  readonly kind = 'conflict';
  constructor() {
    super('This time slot is full.');
  }
}

export class InvalidTransitionError extends RegistrationError {
  readonly kind = 'conflict';
}

export class SharedDreamLimitError extends RegistrationError {
  readonly kind = 'conflict';
  constructor(limit: number) {
    super(`This registration has already shared ${limit} dreams, the most it may`, 'dream');
  }
}

/**
 * More dreams shared in the window than DREAM_SHARE_RATE_LIMIT allows, for this registration or
 * from this address. Answered 429, with the seconds until the window lets one more in.
 */
export class DreamSharesThrottledError extends RegistrationError {
  readonly kind = 'too-many';

  constructor(seconds: number) {
    super(
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
  readonly kind = 'too-many';

  constructor(limit: number, firstExpiresAt: Date | null, now: Date) {
    const seconds = firstExpiresAt
      ? Math.max(60, Math.ceil((firstExpiresAt.getTime() - now.getTime()) / 1000))
      : 60;
    super(
      `${limit === 1 ? 'A seat is' : `${limit} seats are`} already held from this address and not yet paid. ` +
        `Please finish the open payment, or try again in ${minutesToWait(seconds)}.`,
      undefined,
      { retryAfterSeconds: seconds },
    );
  }
}

/** The visitor's own cancellation closed (CANCELLATION_CLOSES_HOURS_BEFORE the slot). */
export class CancellationClosedError extends RegistrationError {
  readonly kind = 'conflict';
  constructor(readonly closedAt: Date) {
    super(
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
  readonly kind = 'conflict';
  override readonly details: { reason: 'checked-in' | 'started' };
  constructor(reason: 'checked-in' | 'started') {
    super(
      reason === 'checked-in'
        ? 'You have been let in at the door: this booking can no longer be changed from here. Please speak to the organisers.'
        : 'The performance has begun: this booking can no longer be changed from here. Please speak to the organisers.',
    );
    this.details = { reason };
  }
}

/** An operator cancelling a booking past the door says why (the history keeps it). */
export class CancellationNoteRequiredError extends RegistrationError {
  readonly kind = 'invalid';
  constructor() {
    super(
      'This person was let in, or the performance has begun: give a reason to cancel the booking.',
      'reason',
    );
  }
}
