import type { EventMetadata, NewEvent, RecordedEvent } from './event-store.types';

export interface RecordedEventRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  /** When it was recorded, in whole milliseconds since the epoch (RECORDED_AT_MS). */
  recorded_at_ms: string;
}

/**
 * When an event was recorded, as the whole milliseconds since the epoch that a JavaScript Date
 * holds (the microseconds cut off, as a Date made from the timestamp's text has them), counted
 * by PostgreSQL rather than parsed from text on every row: node-postgres's date parser took a
 * tenth of a replay's reading and folding. Every read of an event's time goes through it.
 */
const RECORDED_AT_MS =
  "(extract(epoch FROM date_trunc('milliseconds', recorded_at)) * 1000)::bigint AS recorded_at_ms";

/** The columns a replay reads: an event's without its metadata. */
export const REPLAYED_EVENT_COLUMNS = `global_position, stream_id, stream_version, type, schema_version, data, ${RECORDED_AT_MS}`;

export const RECORDED_EVENT_COLUMNS = `${REPLAYED_EVENT_COLUMNS}, metadata`;

/** An event's row without its metadata: what a replay reads (REPLAYED_EVENT_COLUMNS). */
export type ReplayedEventRow = Omit<RecordedEventRow, 'metadata'>;

/** The Date of a row's recorded_at_ms. */
function recordedAtOf(row: Pick<RecordedEventRow, 'recorded_at_ms'>): Date {
  return new Date(Number(row.recorded_at_ms));
}

export function toRecordedEvent(row: RecordedEventRow): RecordedEvent {
  return recordedEventOf(row, row.metadata);
}

/**
 * The event of a row read without its metadata (a replay's), with `metadata` for it. Built
 * field by field: a copy of the row with the metadata added (`{ ...row, metadata }`) cost a
 * replay of 200,000 events a fifth of a second.
 */
export function recordedEventOf(row: ReplayedEventRow, metadata: EventMetadata): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata,
    recordedAt: recordedAtOf(row),
  };
}

/** The columns of a new event's row that the database decides; the rest is what was sent. */
export const DECIDED_EVENT_COLUMNS = `global_position, stream_id, stream_version, ${RECORDED_AT_MS}`;

export type DecidedEventRow = Pick<
  RecordedEventRow,
  'global_position' | 'stream_id' | 'stream_version' | 'recorded_at_ms'
>;

/** The recorded event from what the database decided and what was sent, without reading it back. */
export function recordedFromSent(row: DecidedEventRow, sent: NewEvent): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: sent.type,
    schemaVersion: sent.schemaVersion ?? 1,
    data: sent.data,
    metadata: sent.metadata,
    recordedAt: recordedAtOf(row),
  };
}
