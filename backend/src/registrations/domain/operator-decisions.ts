import {
  assertExists,
  hasFreeSeat,
  occupiesSeat,
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
    throw new InvalidTransitionError('This registration is already confirmed.');
  }
  if (registration.status === 'offered') {
    return [{ type: 'WaitlistConfirmed', data: { registrationId: registration.id } }];
  }
  if (registration.status !== 'waiting') {
    throw new InvalidTransitionError(
      occupiesSeat(registration.status)
        ? 'This registration already has a seat; only a waiting-list entry can be confirmed.'
        : 'This registration is not on the waiting list; only a waiting-list entry can be confirmed.',
    );
  }
  if (!hasFreeSeat(slot)) throw new SlotFullError();
  return [{ type: 'WaitlistConfirmed', data: { registrationId: registration.id } }];
}

export function setPaidFlag(
  state: RegistrationState | undefined,
  paid: boolean,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.paid === paid) return [];
  return [{ type: 'PaidFlagSet', data: { registrationId: registration.id, paid } }];
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

/** Deletion is irreversible: the caller also shreds the registration's personal data key. */
export function deleteRegistration(state: RegistrationState | undefined): RegistrationEvent[] {
  const registration = assertExists(state);
  return [{ type: 'RegistrationDeleted', data: { registrationId: registration.id } }];
}
