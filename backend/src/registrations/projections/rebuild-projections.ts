import type { PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { Catalogue } from '../../catalogue/catalogue';
import type { RecordedEvent } from '../../event-store/event-store.types';
import { upcast } from '../../event-store/upcasters';
import { REGISTRATION_EVENT_TYPES, type RegistrationEvent } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { ReadModelFold, slotCountsWrite, viewRowsInsert } from './read-model-fold';
import { syncSlotLimits } from './slot-limits';

const READ_BATCH = 10_000;
const WRITE_BATCH = 5_000;

/**
 * Events whose personal fields the read models show. The others (a shared dream's text) are
 * not decrypted during a replay: the fold never reads them.
 */
const PERSONAL_DATA_READ: ReadonlySet<RegistrationEvent['type']> = new Set([
  'RegistrationCreated',
  'DreamEdited',
]);

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
    // The transaction's own pg connection: rows as arrays, without TypeORM's per-row work.
    const client = (manager.queryRunner as unknown as { databaseConnection?: PoolClient })
      .databaseConnection;
    if (!client) throw new Error('The rebuild needs the PostgreSQL connection of its transaction');
    const keys = await readRegistrationKeys(client);
    const fold = new ReadModelFold();
    let count = 0;
    for await (const batch of readLog(client, READ_BATCH)) {
      for (const recorded of batch) {
        if (!types.has(recorded.type) || !recorded.streamId.startsWith('registration-')) continue;
        const key = PERSONAL_DATA_READ.has(recorded.type as RegistrationEvent['type'])
          ? keys.get(recorded.streamId)
          : undefined;
        fold.apply(decodeRegistrationEvent(recorded, key));
        count += 1;
      }
    }
    await writeRegistrations(manager, fold);
    await writeCapacity(manager, fold);
    return { events: count, registrations: fold.registrations.size };
  });
}

async function readRegistrationKeys(client: PoolClient): Promise<Map<string, Buffer>> {
  const result = await client.query<[string, Buffer]>({
    text: `SELECT stream_id, key FROM personal_data_keys WHERE stream_id LIKE 'registration-%'`,
    rowMode: 'array',
  });
  return new Map(result.rows);
}

type LogRow = [string, string, number, string, number, Record<string, unknown>, Date];

/**
 * The whole log in order, straight from the driver: the next page is asked for before this one
 * is folded, so PostgreSQL reads while Node decodes. Unlike readAll, it does not wait for every
 * older transaction on the server: once the read models are locked, no registration event can
 * commit until the rebuild does (every append projects into them), so every committed event is
 * already visible, and a long transaction elsewhere (another database of the same server) must
 * not hide any of them.
 */
async function* readLog(client: PoolClient, batchSize: number): AsyncGenerator<RecordedEvent[]> {
  const page = (after: string) => {
    const query = client.query<LogRow>({
      text: `SELECT global_position, stream_id, stream_version, type, schema_version, data,
                    recorded_at
               FROM events
              WHERE global_position > $1
              ORDER BY global_position
              LIMIT $2`,
      values: [after, batchSize],
      rowMode: 'array',
    });
    // A page asked for ahead and never awaited (the replay failed) must not crash the process.
    query.catch(() => undefined);
    return query;
  };
  let pending = page('0');
  for (;;) {
    const { rows } = await pending;
    if (rows.length === 0) return;
    const last = rows[rows.length - 1][0];
    if (rows.length === batchSize) pending = page(last);
    yield rows.map((row) =>
      upcast({
        globalPosition: Number(row[0]),
        streamId: row[1],
        streamVersion: row[2],
        type: row[3],
        schemaVersion: row[4],
        data: row[5],
        metadata: { actor: 'system' },
        recordedAt: row[6],
      }),
    );
    if (rows.length < batchSize) return;
  }
}

async function writeRegistrations(manager: EntityManager, fold: ReadModelFold): Promise<void> {
  // In primary key order: the index grows at its right edge instead of at random pages.
  const rows = [...fold.registrations.values()].sort((a, b) =>
    a.state.id < b.state.id ? -1 : a.state.id > b.state.id ? 1 : 0,
  );
  for (let start = 0; start < rows.length; start += WRITE_BATCH) {
    const { text, parameters } = viewRowsInsert(rows.slice(start, start + WRITE_BATCH));
    await manager.query(text, parameters);
  }
}

async function writeCapacity(manager: EntityManager, fold: ReadModelFold): Promise<void> {
  const slots = [...fold.slots.values()];
  if (slots.length === 0) return;
  const { text, parameters } = slotCountsWrite(slots, 'set');
  await manager.query(text, parameters);
}
