import type { EventMetadata, NewEvent, RecordedEvent } from './event-store.types';
import { upcast } from './upcasters';

export interface RecordedEventRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
}

export const RECORDED_EVENT_COLUMNS =
  'global_position, stream_id, stream_version, type, schema_version, data, metadata, recorded_at';

export function toRecordedEvent(row: RecordedEventRow): RecordedEvent {
  return upcast({
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  });
}

/** The columns of a new event's row that the database decides; the rest is what was sent. */
export const DECIDED_EVENT_COLUMNS = 'global_position, stream_id, stream_version, recorded_at';

export type DecidedEventRow = Pick<
  RecordedEventRow,
  'global_position' | 'stream_id' | 'stream_version' | 'recorded_at'
>;

/** The recorded event from what the database decided and what was sent, without reading it back. */
export function recordedFromSent(row: DecidedEventRow, sent: NewEvent): RecordedEvent {
  return upcast({
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: sent.type,
    schemaVersion: sent.schemaVersion ?? 1,
    data: sent.data,
    metadata: sent.metadata,
    recordedAt: row.recorded_at,
  });
}
