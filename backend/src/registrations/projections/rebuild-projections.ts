import type { DataSource, EntityManager } from 'typeorm';
import type { Catalogue } from '../../catalogue/catalogue';
import { readAllInBatches } from '../../event-store/read-all';
import { findPersonalDataKeys } from '../../personal-data/personal-data-vault';
import { REGISTRATION_EVENT_TYPES } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { ReadModelFold, VIEW_COLUMNS, viewRowValues } from './read-model-fold';
import { syncSlotLimits } from './slot-limits';

const READ_BATCH = 10_000;
const WRITE_BATCH = 5_000;

/**
 * Throws the registration read models away and replays the whole log into them. The events
 * are folded in memory with the live projection's rules (read-model-fold.ts), then the rows
 * are written in bulk, so a replay costs a few statements per thousands of events rather than
 * several per event. Writers wait on the table locks until the rebuild commits.
 */
export async function rebuildProjections(
  dataSource: DataSource,
  catalogue: Catalogue,
): Promise<{ events: number; registrations: number }> {
  const types = new Set<string>(REGISTRATION_EVENT_TYPES);
  return dataSource.transaction(async (manager) => {
    await manager.query('LOCK TABLE registration_view, slot_capacity IN ACCESS EXCLUSIVE MODE');
    await manager.query('TRUNCATE registration_view, slot_capacity');
    await syncSlotLimits(manager, catalogue);
    const fold = new ReadModelFold();
    let count = 0;
    for await (const batch of readAllInBatches(manager, 0, READ_BATCH)) {
      const registrationEvents = batch.filter(
        (event) => types.has(event.type) && event.streamId.startsWith('registration-'),
      );
      const keys = await findPersonalDataKeys(manager, [
        ...new Set(registrationEvents.map((event) => event.streamId)),
      ]);
      for (const recorded of registrationEvents) {
        fold.apply(decodeRegistrationEvent(recorded, keys.get(recorded.streamId)));
        count += 1;
      }
    }
    await writeRegistrations(manager, fold);
    await writeCapacity(manager, fold);
    return { events: count, registrations: fold.registrations.size };
  });
}

async function writeRegistrations(manager: EntityManager, fold: ReadModelFold): Promise<void> {
  const names = VIEW_COLUMNS.map(([name]) => name).join(', ');
  const arrays = VIEW_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const statement = `INSERT INTO registration_view (${names}) SELECT * FROM unnest(${arrays})`;
  const rows = [...fold.registrations.values()];
  for (let start = 0; start < rows.length; start += WRITE_BATCH) {
    const columns: unknown[][] = VIEW_COLUMNS.map(() => []);
    for (const row of rows.slice(start, start + WRITE_BATCH)) {
      viewRowValues(row).forEach((value, index) => columns[index].push(value));
    }
    await manager.query(statement, columns);
  }
}

async function writeCapacity(manager: EntityManager, fold: ReadModelFold): Promise<void> {
  const slots = [...fold.slots.values()];
  if (slots.length === 0) return;
  // A slot that left the catalogue still counts what happened in it, with no seats of its own.
  await manager.query(
    `INSERT INTO slot_capacity (event, time, seat_limit, held, paid, confirmed, waiting_list)
     SELECT event, time, 0, held, paid, confirmed, waiting_list
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[])
         AS counts(event, time, held, paid, confirmed, waiting_list)
     ON CONFLICT (event, time) DO UPDATE SET
       held = EXCLUDED.held, paid = EXCLUDED.paid, confirmed = EXCLUDED.confirmed,
       waiting_list = EXCLUDED.waiting_list`,
    [
      slots.map((slot) => slot.event),
      slots.map((slot) => slot.time),
      slots.map((slot) => slot.held),
      slots.map((slot) => slot.paid),
      slots.map((slot) => slot.confirmed),
      slots.map((slot) => slot.waiting_list),
    ],
  );
}
