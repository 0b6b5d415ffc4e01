import type { DataSource, EntityManager } from 'typeorm';
import type { Catalogue } from '../../tour/catalogue';
import { rebuildTourReadModel } from '../../tour/projections/rebuild-tour-read-model';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { toRecordedEvent, type RecordedEventRow } from '../../event-store/recorded-event-row';
import { REGISTRATION_EVENT_TYPES, type RegistrationEvent } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { ReadModelFold, writeReadModels } from './read-model-fold';
import { syncSlotLimits } from './slot-limits';

const READ_BATCH = 10_000;

/**
 * Events whose personal fields the read models show. The others (a shared dream's text) are
 * not decrypted during a replay: the fold never reads them.
 */
const PERSONAL_DATA_READ: ReadonlySet<RegistrationEvent['type']> = new Set([
  'RegistrationCreated',
  'DreamEdited',
  'SheetDreamApproved',
]);

/**
 * Throws the registration read models away and replays the whole log into them, through the
 * same fold as live appends (read-model-fold.ts): folded in memory, then written in bulk, so a
 * replay costs a few statements per thousands of events. The tour's read model is folded again
 * from its streams, with the slots' seat limits (a log from before the tour was in it takes
 * `catalogue`'s); the counts start from zero. Writers wait on the table locks until the rebuild
 * commits.
 */
export async function rebuildProjections(
  dataSource: DataSource,
  catalogue: Catalogue,
): Promise<{ events: number; registrations: number }> {
  const types = new Set<string>(REGISTRATION_EVENT_TYPES);
  return dataSource.transaction(async (manager) => {
    await manager.query('LOCK TABLE registration_view, slot_capacity IN ACCESS EXCLUSIVE MODE');
    await manager.query('TRUNCATE registration_view');
    await manager.query(
      'UPDATE slot_capacity SET held = 0, paid = 0, confirmed = 0, waiting_list = 0, seats_taken = 0',
    );
    const tourFacts = await rebuildTourReadModel(manager);
    if (tourFacts === 0) await syncSlotLimits(manager, catalogue);
    const keys = await readRegistrationKeys(manager);
    const fold = new ReadModelFold();
    let count = 0;
    for await (const batch of readLog(manager, READ_BATCH)) {
      for (const recorded of batch) {
        if (!types.has(recorded.type) || !recorded.streamId.startsWith('registration-')) continue;
        const key = PERSONAL_DATA_READ.has(recorded.type as RegistrationEvent['type'])
          ? keys.get(recorded.streamId)
          : undefined;
        fold.apply(decodeRegistrationEvent(recorded, key));
        count += 1;
      }
    }
    await writeReadModels(manager, fold);
    return { events: count, registrations: fold.registrations.size };
  });
}

async function readRegistrationKeys(manager: EntityManager): Promise<Map<string, Buffer>> {
  const rows: { stream_id: string; key: Buffer }[] = await manager.query(
    `SELECT stream_id, key FROM personal_data_keys WHERE stream_id LIKE 'registration-%'`,
  );
  return new Map(rows.map((row) => [row.stream_id, row.key]));
}

/** An event's row without its metadata, which the fold never reads. */
type LogRow = Omit<RecordedEventRow, 'metadata'>;

/**
 * The whole log in order, page by page: the next page is asked for before this one is folded,
 * so PostgreSQL reads while Node decodes. Unlike readAll, it does not wait for every older
 * transaction on the server: once the read models are locked, no registration event can commit
 * until the rebuild does (every append projects into them), so every committed event is
 * already visible, and a long transaction elsewhere (another database of the same server) must
 * not hide any of them.
 */
async function* readLog(
  manager: EntityManager,
  batchSize: number,
): AsyncGenerator<RecordedEvent[]> {
  const page = (after: string) => {
    const query = manager.query(
      `SELECT global_position, stream_id, stream_version, type, schema_version, data, recorded_at
         FROM events
        WHERE global_position > $1
        ORDER BY global_position
        LIMIT $2`,
      [after, batchSize],
    ) as Promise<LogRow[]>;
    // A page asked for ahead and never awaited (the replay failed) must not crash the process.
    query.catch(() => undefined);
    return query;
  };
  let pending = page('0');
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    if (rows.length === batchSize) pending = page(rows[rows.length - 1].global_position);
    yield rows.map((row) => toRecordedEvent({ ...row, metadata: { actor: 'system' } }));
    if (rows.length < batchSize) return;
  }
}
