import { assertExists, freeSeats, type RegistrationState, type SlotSeats } from './registration';
import type { RegistrationEvent } from './registration-events';

/**
 * Waiting-list offers: when a seat frees in a slot that still takes registrations, the next
 * person waiting (in arrival order) is offered it. The offer holds the seat (the seat rule
 * counts 'offered') until it is paid, lapses, or is confirmed by an operator.
 */

/**
 * Until when an offer made at `now` is held: `offerHours` ahead, never past the moment the slot
 * stops taking registrations (`registrationClosesAt`). Null when that moment has come.
 */
export function offerExpiry(
  now: Date,
  offerHours: number,
  registrationClosesAt: Date,
): Date | null {
  const expiresAt = Math.min(
    now.getTime() + offerHours * 3_600_000,
    registrationClosesAt.getTime(),
  );
  return expiresAt > now.getTime() ? new Date(expiresAt) : null;
}

/**
 * The offers to make in a slot as read under its lock: one per free seat, to the waiting
 * entries in the order given (arrival order), each still waiting.
 */
export function offerFreeSeats(
  slot: SlotSeats,
  waitingInArrivalOrder: readonly (RegistrationState | undefined)[],
  expiresAt: Date,
): Map<string, RegistrationEvent[]> {
  const offers = new Map<string, RegistrationEvent[]>();
  let free = freeSeats(slot);
  for (const state of waitingInArrivalOrder) {
    if (free === 0) break;
    if (!state || state.status !== 'waiting') continue;
    const registration = assertExists(state);
    offers.set(registration.id, [
      {
        type: 'WaitingListOfferMade',
        data: { registrationId: registration.id, expiresAt: expiresAt.toISOString() },
      },
    ]);
    free -= 1;
  }
  return offers;
}
