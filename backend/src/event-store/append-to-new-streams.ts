import { ConcurrencyError } from './concurrency-error';
import type { NewEvent, RecordedEvent } from './event-store.types';
import {
  DECIDED_EVENT_COLUMNS,
  recordedFromSent,
  type DecidedEventRow,
} from './recorded-event-row';
import { combineStatements, type SqlStatement } from './sql-statement';

const UNIQUE_VIOLATION = '23505';

export interface NewStream {
  streamId: string;
  events: NewEvent[];
}

export interface NewStreamsStatement {
  /** The INSERT of the events, with `alongside` and `following`, as one statement. */
  statement: SqlStatement;
  /** The statement's rows as each stream's recorded events, in the order of the streams. */
  recorded(rows: DecidedEventRow[]): RecordedEvent[][];
  /** The error to throw for the statement's: a ConcurrencyError for a stream that exists. */
  refusal(error: unknown): unknown;
}

/**
 * Starts several streams in one statement, for the caller to send (e.g. pipelined with a COMMIT),
 * or undefined when there are no events. Each stream's events become its versions 1, 2, …, and
 * the global positions follow the order given (stream by stream, event by event): appendToStream
 * at expected version 0 for many streams at once, with the same guarantee. If any stream already
 * exists, the UNIQUE (stream_id, stream_version) constraint refuses the statement, nothing is
 * written, and refusal() makes that a ConcurrencyError naming the stream.
 *
 * `alongside` are writes that belong with the new streams (e.g. their personal-data keys), and
 * `following` writes that need the new events' rows: they may read the CTE `appended` (of each
 * new event, DECIDED_EVENT_COLUMNS: position, stream, version, time), e.g. to join their global positions by stream_id. All
 * or nothing, one round trip. Only what the database decides comes back (positions, time): the
 * payloads are those sent, and parsing them back would only cost time.
 */
export function newStreamsStatement(
  streams: NewStream[],
  alongside: SqlStatement[] = [],
  following: SqlStatement[] = [],
): NewStreamsStatement | undefined {
  const rows = streams.flatMap((stream) =>
    stream.events.map((event, index) => ({ streamId: stream.streamId, version: index + 1, event })),
  );
  if (rows.length === 0) return undefined;
  const append: SqlStatement = {
    text: `INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
       SELECT new.stream_id, new.stream_version, new.type, new.schema_version,
              new.data::jsonb, new.metadata::jsonb
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[])
                WITH ORDINALITY
                AS new(stream_id, stream_version, type, schema_version, data, metadata, ordinality)
        ORDER BY new.ordinality
       RETURNING ${DECIDED_EVENT_COLUMNS}`,
    parameters: [
      rows.map((row) => row.streamId),
      rows.map((row) => row.version),
      rows.map((row) => row.event.type),
      rows.map((row) => row.event.schemaVersion ?? 1),
      rows.map((row) => JSON.stringify(row.event.data)),
      rows.map((row) => JSON.stringify(row.event.metadata)),
    ],
  };
  const statement = combineStatements(
    [...alongside, ...following],
    { text: `SELECT ${DECIDED_EVENT_COLUMNS} FROM appended`, parameters: [] },
    { name: 'appended', statement: append },
  );
  const sent = new Map(streams.map((stream) => [stream.streamId, stream.events]));
  const toRecorded = (row: DecidedEventRow): RecordedEvent =>
    recordedFromSent(row, sent.get(row.stream_id)![row.stream_version - 1]);
  return {
    statement,
    recorded(recordedRows) {
      const byStream = new Map<string, RecordedEvent[]>(streams.map((s) => [s.streamId, []]));
      for (const row of recordedRows.map(toRecorded).sort(byGlobalPosition)) {
        byStream.get(row.streamId)?.push(row);
      }
      return streams.map((stream) => byStream.get(stream.streamId) ?? []);
    },
    refusal(error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        return new ConcurrencyError(conflictingStream(error, streams), 0);
      }
      return error;
    },
  };
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
