import { ConcurrencyError } from './concurrency-error';
import type { NewEvent, RecordedEvent } from './event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  toRecordedEvent,
  type RecordedEventRow,
} from './recorded-event-row';
import type { SqlExecutor } from './sql-executor';
import { combineStatements, type SqlStatement } from './sql-statement';

const UNIQUE_VIOLATION = '23505';

export interface NewStream {
  streamId: string;
  events: NewEvent[];
}

/**
 * Starts several streams in one statement: each stream's events become its versions 1, 2, …,
 * and the global positions follow the order given (stream by stream, event by event). It is
 * appendToStream at expected version 0 for many streams at once, with the same guarantee: if
 * any stream already exists, the UNIQUE (stream_id, stream_version) constraint refuses the
 * statement, nothing is written, and a ConcurrencyError names the stream.
 * Returns the recorded events of each stream, in the order of `streams`.
 *
 * `alongside` are writes that belong with the new streams (e.g. their personal-data keys),
 * made in the same statement: all or nothing, one round trip.
 */
export async function appendToNewStreams(
  sql: SqlExecutor,
  streams: NewStream[],
  alongside: SqlStatement[] = [],
): Promise<RecordedEvent[][]> {
  const rows = streams.flatMap((stream) =>
    stream.events.map((event, index) => ({ streamId: stream.streamId, version: index + 1, event })),
  );
  if (rows.length === 0) return streams.map(() => []);
  let recorded: RecordedEventRow[];
  try {
    const append: SqlStatement = {
      text: `INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
       SELECT new.stream_id, new.stream_version, new.type, new.schema_version,
              new.data::jsonb, new.metadata::jsonb
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[])
                WITH ORDINALITY
                AS new(stream_id, stream_version, type, schema_version, data, metadata, ordinality)
        ORDER BY new.ordinality
       RETURNING ${RECORDED_EVENT_COLUMNS}`,
      parameters: [
        rows.map((row) => row.streamId),
        rows.map((row) => row.version),
        rows.map((row) => row.event.type),
        rows.map((row) => row.event.schemaVersion ?? 1),
        rows.map((row) => JSON.stringify(row.event.data)),
        rows.map((row) => JSON.stringify(row.event.metadata)),
      ],
    };
    const { text, parameters } = combineStatements(alongside, append);
    recorded = await sql.query(text, parameters);
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new ConcurrencyError(conflictingStream(error, streams), 0);
    }
    throw error;
  }
  const byStream = new Map<string, RecordedEvent[]>(streams.map((s) => [s.streamId, []]));
  for (const row of recorded.map(toRecordedEvent).sort(byGlobalPosition)) {
    byStream.get(row.streamId)?.push(row);
  }
  return streams.map((stream) => byStream.get(stream.streamId) ?? []);
}

function byGlobalPosition(a: RecordedEvent, b: RecordedEvent): number {
  return a.globalPosition - b.globalPosition;
}

/** The stream PostgreSQL names in the violation's detail, else the first one given. */
function conflictingStream(error: unknown, streams: NewStream[]): string {
  const detail = (error as { detail?: string }).detail ?? '';
  return (
    streams.find((stream) => detail.includes(`(${stream.streamId}, `))?.streamId ??
    streams[0].streamId
  );
}
