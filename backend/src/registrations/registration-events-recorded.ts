import type { DecodedRegistrationEvent } from './registration-event-codec';

/** Published on the EventBus once the transaction that recorded these events has committed. */
export class RegistrationEventsRecorded {
  constructor(readonly events: DecodedRegistrationEvent[]) {}
}
