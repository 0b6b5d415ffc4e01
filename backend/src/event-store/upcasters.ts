import type { RecordedEvent } from './event-store.types';

/** Turns the data of one schema version of an event type into the next version's. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * The upcasters of a family of events, by type, in order: the first turns schema 1 into 2, the
 * next 2 into 3, and so on, so that the schema a type is written in now is one past its last
 * upcaster. The codec of the events that have them holds the list and passes it here when it
 * decodes (registration-event-codec.ts); the store reads and writes events as they are stored.
 */
export type Upcasters = Readonly<Partial<Record<string, readonly Upcaster[]>>>;

/** The schema version `type` is written in now: 1, or one past its last upcaster. */
export function currentSchemaVersion(upcasters: Upcasters, type: string): number {
  return 1 + (upcasters[type]?.length ?? 0);
}

/** Old events are stored as they were written and brought up to date on read. */
export function upcast(event: RecordedEvent, upcasters: Upcasters): RecordedEvent {
  const steps = upcasters[event.type];
  if (!steps) return event;
  let { data, schemaVersion } = event;
  for (; schemaVersion <= steps.length; schemaVersion += 1) data = steps[schemaVersion - 1](data);
  return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
}
