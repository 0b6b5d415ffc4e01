import { visitorCancellationOpen } from '../../tour/domain/registration-window';

// The window's rule lives with the slot's other windows (the confirmation's link reads it too).
export {
  visitorCancellationClosesAt,
  visitorCancellationOpen,
} from '../../tour/domain/registration-window';
import { refundSeatPayment } from './payment-decisions';
import {
  assertExists,
  assertVisitorMayChange,
  keepsPlace,
  releaseMoveSeat,
  type PastTheDoor,
  type RegistrationState,
} from './registration';
import {
  CancellationClosedError,
  CancellationNoteRequiredError,
  InvalidTransitionError,
} from './registration-errors';
import type { CancelledBy, RegistrationEvent } from './registration-events';

/**
 * Cancels a registration that keeps a place (a seat held, offered, paid or confirmed, or a
 * place on the waiting list): RegistrationCancelled, and, when `refund` is asked and the seat
 * was paid through the provider, the refund of that payment (RefundRequested; the refund
 * worker sends it). A registration already cancelled, or that gave its place up, refuses.
 */
export function cancelRegistration(
  state: RegistrationState | undefined,
  by: CancelledBy,
  refund: boolean,
  door: { past: PastTheDoor | null; note?: string } = { past: null },
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.status === 'cancelled') {
    throw new InvalidTransitionError(
      'already-cancelled',
      'This registration is already cancelled.',
    );
  }
  if (!keepsPlace(registration.status)) {
    throw new InvalidTransitionError(
      'nothing-to-cancel',
      'This registration holds no seat and no place on the waiting list: there is nothing to cancel.',
    );
  }
  // Past the door, an operator's cancellation is an exception to the evening: it says why.
  const note = door.note?.trim() || undefined;
  if (door.past !== null && by === 'operator' && note === undefined) {
    throw new CancellationNoteRequiredError();
  }
  const refunds = refund
    ? refundSeatPayment(
        registration,
        by === 'operator' ? 'cancelled-by-operator' : 'cancelled-by-visitor',
      )
    : [];
  return [
    // A move waiting for its difference ends with the booking: its held seat goes back.
    ...releaseMoveSeat(registration, 'cancelled'),
    {
      type: 'RegistrationCancelled',
      data: {
        registrationId: registration.id,
        by,
        refund: refunds.length > 0,
        ...(note === undefined ? {} : { cancellationNote: note }),
      },
    },
    ...refunds,
  ];
}

/**
 * The visitor's own cancellation, from the link in their confirmation email: only a seat that
 * is paid or confirmed (what that email confirmed), never past the door (let in, or the slot
 * begun), only until the cancellation closes, and always with the refund of what was paid.
 */
export function cancelByVisitor(
  state: RegistrationState | undefined,
  now: Date,
  closesAt: Date,
  startsAt: Date | null | undefined,
): RegistrationEvent[] {
  const registration = assertExists(state);
  if (registration.status === 'cancelled') {
    throw new InvalidTransitionError('already-cancelled', 'This booking is already cancelled.');
  }
  assertVisitorMayChange(registration, startsAt, now);
  if (registration.status !== 'paid' && registration.status !== 'confirmed') {
    throw new InvalidTransitionError(
      'nothing-to-cancel',
      'This booking has no confirmed seat to cancel.',
    );
  }
  if (!visitorCancellationOpen(now, closesAt)) throw new CancellationClosedError(closesAt);
  return cancelRegistration(registration, 'visitor', true);
}
