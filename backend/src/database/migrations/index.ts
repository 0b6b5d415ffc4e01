import { EventStore1732000000000 } from './1732000000000-event-store';
import { Registrations1732000000001 } from './1732000000001-registrations';
import { Outbox1732000000100 } from './1732000000100-outbox';

/** Every migration, in order. A new migration is added here. */
export const migrations = [
  EventStore1732000000000,
  Registrations1732000000001,
  Outbox1732000000100,
];
