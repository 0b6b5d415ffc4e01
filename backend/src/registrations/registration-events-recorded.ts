import { SeatsMayHaveMoved } from '../seat-ledger/capacity-cache';
import type { DecodedRegistrationEvent } from './registration-event-codec';

/** Published on the EventBus once the transaction that recorded these events has committed. */
export class RegistrationEventsRecorded extends SeatsMayHaveMoved {
  constructor(readonly events: DecodedRegistrationEvent[]) {
    super();
  }
}
