import type { components } from '../../../lib/api-schema';

/**
 * The door list of one slot as `GET /api/admin/tour/events/{slug}/slots/{time}/door` answers it
 * (its types are the OpenAPI document's): the seated people, the waiting list, the tickets to
 * refuse and the keys that sign tickets.
 */
export type DoorList = components['schemas']['DoorListResponseDto'];
export type TicketKey = components['schemas']['TicketKeyDto'];
export type SeatedPerson = components['schemas']['DoorSeatDto'];
export type WaitingPerson = components['schemas']['DoorWaitingDto'];
export type RevokedTicket = components['schemas']['DoorRevokedDto'];
export type SeatState = SeatedPerson['state'];

/** One slot, as links and requests name it. */
export interface SlotRef {
  event: string;
  time: string;
}

export const sameSlot = (a: SlotRef, b: SlotRef) => a.event === b.event && a.time === b.time;
