/**
 * The door list of one slot as `GET /api/admin/tour/events/{slug}/slots/{time}/door` answers it:
 * the seated people, the waiting list, the tickets to refuse and the keys that sign tickets.
 */
export interface TicketKey {
  keyId: string;
  algorithm: 'Ed25519';
  current: boolean;
  pem: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string };
}

export type SeatState = 'checked-in' | 'not-arrived' | 'no-show';

export interface SeatedPerson {
  registrationId: string;
  shortId: string;
  name: string;
  seat: number;
  state: SeatState;
  checkedInAt: string | null;
  checkedInBy: string | null;
}

export interface WaitingPerson {
  registrationId: string;
  shortId: string;
  name: string;
  position: number;
}

export interface RevokedTicket {
  registrationId: string;
  reason: 'cancelled' | 'not-paid';
}

export interface DoorList {
  event: string;
  time: string;
  startsAt: string;
  started: boolean;
  syncedAt: string;
  seated: SeatedPerson[];
  waitingList: WaitingPerson[];
  revoked: RevokedTicket[];
  keys: TicketKey[];
}

/** One slot, as links and requests name it. */
export interface SlotRef {
  event: string;
  time: string;
}

export const sameSlot = (a: SlotRef, b: SlotRef) => a.event === b.event && a.time === b.time;
