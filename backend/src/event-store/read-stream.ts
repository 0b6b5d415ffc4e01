import type { RecordedEvent } from './event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  toRecordedEvent,
  type RecordedEventRow,
} from './recorded-event-row';
import { queryNamed, type SqlExecutor } from './sql-executor';

/** Every event of one stream, oldest first. An unknown stream reads as empty. */
export async function readStream(sql: SqlExecutor, streamId: string): Promise<RecordedEvent[]> {
  const rows: RecordedEventRow[] = await queryNamed(sql, {
    name: 'event-store-read-stream',
    text: `SELECT ${RECORDED_EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
    values: [streamId],
  });
  return rows.map(toRecordedEvent);
}
