import type { RecordedEvent } from './event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  toRecordedEvent,
  type RecordedEventRow,
} from './recorded-event-row';
import type { SqlExecutor } from './sql-executor';

/**
 * One batch of the global log after a position, in order. Positions are taken from a sequence
 * at insert time, so a transaction still in flight may hold a lower position than one already
 * committed; only events of transactions older than every running one are returned, so a
 * reader that pages by position never skips an event that commits later.
 */
export async function readAll(
  sql: SqlExecutor,
  afterPosition: number,
  batchSize: number,
): Promise<RecordedEvent[]> {
  const rows: RecordedEventRow[] = await sql.query(
    `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
      WHERE global_position > $1
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY global_position
      LIMIT $2`,
    [afterPosition, batchSize],
  );
  return rows.map(toRecordedEvent);
}

/** Reads the whole log after a position, batch by batch. */
export async function* readAllInBatches(
  sql: SqlExecutor,
  afterPosition = 0,
  batchSize = 1000,
): AsyncGenerator<RecordedEvent[]> {
  let position = afterPosition;
  for (;;) {
    const batch = await readAll(sql, position, batchSize);
    if (batch.length === 0) return;
    yield batch;
    position = batch[batch.length - 1].globalPosition;
    if (batch.length < batchSize) return;
  }
}
