import {
  holdsTicket,
  releaseMoveSeat,
  type RegistrationState,
  type RegistrationStatus,
} from '../../../registrations/domain/registration';
import type { RegistrationEvent } from '../../../registrations/domain/registration-events';
import { doorHandleOf } from '../../../registrations/domain/door-handle';
import { AlreadyCheckedIn, DoorRefusal, NotCheckedIn } from './door-errors';

/**
 * The door's rules, decided from a registration's fold (the registrations core's evolve()):
 * who is seated (holdsTicket: a paid or confirmed seat), whose ticket is refused and why, and the
 * check-in, its undo and the no-show. The first check-in in the log wins.
 */

export { TICKET_HOLDING_STATUSES } from '../../../registrations/domain/registration';

/** Why the ticket of a registration in `status` is refused; null when it opens the door. */
export function ticketRefusal(status: RegistrationStatus): 'cancelled' | 'not-paid' | null {
  if (holdsTicket(status)) return null;
  return status === 'held' || status === 'offered' || status === 'waiting'
    ? 'not-paid'
    : 'cancelled';
}

export interface CheckInRequest {
  /** The slot the door is checking in. */
  event: string;
  time: string;
  now: Date;
  /** The door device's clock when it saw the person (a queued check-in sends it later). */
  deviceTime: Date | null;
  /** The slot's day where the event is (slotDay): the only days a device's clock is believed. */
  slotDay: { from: Date; until: Date };
  device: string | null;
  /** The operator at the door (their id), whom the door's answers name. */
  operatorId: string;
  via: 'ticket' | 'search';
  keyId?: string;
  /** Until when the ticket scanned is valid (none for a check-in by name). */
  validUntil?: Date;
}

/**
 * Lets a person in, or says why not: a deleted registration's ticket is cancelled; another slot
 * is refused; then a seat that is not paid or was given up; an expired ticket; and a person
 * checked in already (the first check-in stands, and is named). A move waiting for its
 * difference ends with the check-in: its seat held in the other slot is released.
 */
export function checkIn(state: RegistrationState, request: CheckInRequest): RegistrationEvent[] {
  if (state.status === 'deleted') throw new DoorRefusal('cancelled');
  if (state.event !== request.event || state.time !== request.time) {
    throw new DoorRefusal('wrong-slot', state);
  }
  const refusal = ticketRefusal(state.status);
  if (refusal) throw new DoorRefusal(refusal, state);
  if (request.validUntil && request.now.getTime() > request.validUntil.getTime()) {
    throw new DoorRefusal('expired', state);
  }
  if (state.checkedInAt !== null) {
    throw new AlreadyCheckedIn({
      handle: doorHandleOf(state.id),
      name: state.name,
      checkedInAt: state.checkedInAt,
      operatorId: state.checkedInOperator,
      device: state.checkedInBy,
    });
  }
  const seenAt = doorTimeOf(request);
  return [
    {
      type: 'CheckedIn',
      data: {
        registrationId: state.id,
        checkedInAt: seenAt.toISOString(),
        deviceTime: request.deviceTime?.toISOString() ?? null,
        device: request.device,
        operatorId: request.operatorId,
        via: request.via,
        ...(request.keyId === undefined ? {} : { keyId: request.keyId }),
      },
    },
    // Let in here, the booking stays here: a seat held elsewhere for its move goes back, and
    // the difference's page closes (a payment made on it anyway is refunded).
    ...releaseMoveSeat(state, 'past-the-door'),
  ];
}

/**
 * When the door saw the person: the device's clock when it is believable, the server's time
 * otherwise. A clock ahead of ours does not put a check-in in the future, and one outside the
 * slot's day (a phone reset to 1970, a date a year off) does not put it on another day: the
 * server's time is recorded instead, and the device's own time is kept beside it in the event.
 */
export function doorTimeOf(request: Pick<CheckInRequest, 'deviceTime' | 'now' | 'slotDay'>): Date {
  const device = request.deviceTime?.getTime();
  if (device === undefined) return request.now;
  const believable =
    device <= request.now.getTime() &&
    device >= request.slotDay.from.getTime() &&
    device < request.slotDay.until.getTime();
  return believable ? request.deviceTime! : request.now;
}

export function undoCheckIn(
  state: RegistrationState,
  device: { deviceTime: Date | null; device: string | null } = { deviceTime: null, device: null },
): RegistrationEvent[] {
  if (state.checkedInAt === null) throw new NotCheckedIn();
  return [
    {
      type: 'CheckInUndone',
      data: {
        registrationId: state.id,
        deviceTime: device.deviceTime?.toISOString() ?? null,
        device: device.device,
      },
    },
  ];
}

/** A seated person who has not arrived becomes a no-show; anyone else is left as they are. */
export function markNoShow(state: RegistrationState): RegistrationEvent[] {
  if (!holdsTicket(state.status) || state.checkedInAt !== null || state.noShow) return [];
  return [{ type: 'NoShowMarked', data: { registrationId: state.id } }];
}
