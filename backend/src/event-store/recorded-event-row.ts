import type { EventMetadata, RecordedEvent } from './event-store.types';
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
