import type { RecordedEvent } from './event-store.types';

/** Turns the data of one schema version of an event type into the next version's. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

const upcasters = new Map<string, Map<number, Upcaster>>();

/** Registers how `type` at `fromVersion` becomes `fromVersion + 1`. */
export function registerUpcaster(type: string, fromVersion: number, upcaster: Upcaster): void {
  const byVersion = upcasters.get(type) ?? new Map<number, Upcaster>();
  byVersion.set(fromVersion, upcaster);
  upcasters.set(type, byVersion);
}

/** Old events are stored as they were written and brought up to date on read. */
export function upcast(event: RecordedEvent): RecordedEvent {
  const byVersion = upcasters.get(event.type);
  if (!byVersion) return event;
  let { data, schemaVersion } = event;
  for (let step = byVersion.get(schemaVersion); step; step = byVersion.get(schemaVersion)) {
    data = step(data);
    schemaVersion += 1;
  }
  return schemaVersion === event.schemaVersion ? event : { ...event, data, schemaVersion };
}
