import {
  assertExists,
  hasFreeSeat,
  isPaidByOperator,
  occupiesSeat,
  paidBy,
  releaseMoveSeat,
  type RegistrationState,
  type SlotSeats,
} from './registration';
import { InvalidTransitionError, SlotFullError } from './registration-errors';
import type { RegistrationEvent } from './registration-events';

/**
 * What the operator may do to a registration, decided from its state alone. Each decision
 * answers the events to record: none when the registration already is as asked.
 */

/**
 * Moves a waiting-list entry onto a seat, if the slot has one free; an entry that holds an
 * offer already has its seat, and is confirmed on it without paying.
 */
export function confirmWaitlist(
  state: RegistrationState | undefined,
  slot: SlotSeats,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.status === 'confirmed') {
    throw new InvalidTransitionError(
      'already-confirmed',
      'This registration is already confirmed.',
    );
  }
  if (registration.status === 'offered') {
    return [{ type: 'WaitlistConfirmed', data: { registrationId: registration.id } }];
  }
  if (registration.status !== 'waiting') {
    throw new InvalidTransitionError(
      'not-waiting',
      occupiesSeat(registration.status)
        ? 'This registration already has a seat; only a waiting-list entry can be confirmed.'
        : 'This registration is not on the waiting list; only a waiting-list entry can be confirmed.',
    );
  }
  if (!hasFreeSeat(slot)) throw new SlotFullError();
  return [{ type: 'WaitlistConfirmed', data: { registrationId: registration.id } }];
}

/**
 * The operator's "Mark paid": money taken by hand (cash). On a held or offered seat it keeps the
 * seat as a card payment does (no hold lapses, no sweeper releases it); on a confirmed seat it
 * records the money. Un-marking a seat the operator marked paid returns it to a hold. A card
 * payment is not un-marked (its money is with the provider: a refund sends it back), and a
 * registration without a seat has nothing to pay for. Answers why not (its code and words), or
 * undefined when the mark may be set to `paid`.
 */
export function paidMarkRefusal(
  registration: Pick<RegistrationState, 'status' | 'paid' | 'stripeSessionId'>,
  paid: boolean,
): InvalidTransitionError | undefined {
  if (paid) {
    if (registration.status === 'waiting') {
      return new InvalidTransitionError(
        'no-seat-to-pay-for',
        'This registration is on the waiting list and has no seat to pay for: confirm it first.',
      );
    }
    if (!occupiesSeat(registration.status)) {
      return new InvalidTransitionError(
        'no-seat-to-pay-for',
        `This registration is ${registration.status} and holds no seat to pay for.`,
      );
    }
    return undefined;
  }
  if (paidBy(registration) === 'card') {
    return new InvalidTransitionError(
      'paid-by-card',
      'This seat was paid by card: refund the payment (cancel with a refund) to give the money back.',
    );
  }
  return undefined;
}

/** Whether the operator may turn the paid mark over now (the Command Center's toggle). */
export function mayTogglePaidMark(
  registration: Pick<RegistrationState, 'status' | 'paid' | 'stripeSessionId'>,
): boolean {
  return paidMarkRefusal(registration, !registration.paid) === undefined;
}

/**
 * Records the mark (see paidMarkRefusal); the same value again records nothing. Un-marking a
 * seat the operator marked paid holds it again until `holdMinutes` from `now`.
 */
export function setPaidFlag(
  state: RegistrationState | undefined,
  paid: boolean,
  now: Date,
  holdMinutes: number,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.paid === paid) return [];
  const refusal = paidMarkRefusal(registration, paid);
  if (refusal) throw refusal;
  const registrationId = registration.id;
  if (!paid && isPaidByOperator(registration)) {
    const holdExpiresAt = new Date(now.getTime() + holdMinutes * 60_000).toISOString();
    return [{ type: 'PaidFlagSet', data: { registrationId, paid, holdExpiresAt } }];
  }
  return [{ type: 'PaidFlagSet', data: { registrationId, paid } }];
}

export function setDreamCaptured(
  state: RegistrationState | undefined,
  dreamedCaptured: boolean,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.dreamedCaptured === dreamedCaptured) return [];
  return [{ type: 'DreamCapturedSet', data: { registrationId: registration.id, dreamedCaptured } }];
}

export function editDream(
  state: RegistrationState | undefined,
  dream: string,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.dream === dream) return [];
  return [{ type: 'DreamEdited', data: { registrationId: registration.id, dream } }];
}

/**
 * Deletion is irreversible: the caller also shreds the registration's personal data key. A seat
 * held for the booking's move goes back with it.
 */
export function deleteRegistration(state: RegistrationState | undefined): RegistrationEvent[] {
  const registration = assertExists(state);
  return [
    ...releaseMoveSeat(registration, 'deleted'),
    { type: 'RegistrationDeleted', data: { registrationId: registration.id } },
  ];
}
