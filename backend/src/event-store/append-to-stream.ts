import { ConcurrencyError } from './concurrency-error';
import type { ExpectedVersion, NewEvent, RecordedEvent } from './event-store.types';
import {
  DECIDED_EVENT_COLUMNS,
  recordedFromSent,
  type DecidedEventRow,
} from './recorded-event-row';
import { queryNamed, type SqlExecutor } from './sql-executor';

const UNIQUE_VIOLATION = '23505';

export interface StreamAppend {
  streamId: string;
  /** The version the stream must be at: NO_STREAM (0) for a stream that must not exist yet. */
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

/**
 * The one append of the event store: events to one or more streams, each at the version its
 * writer expects, all or nothing, in one statement. Each stream's events become its versions
 * expected + 1, expected + 2, …, and the global positions follow the order given. Two writers
 * that expect the same version cannot both win: "the stream is at N" is "version N exists (or
 * N is 0) and N + 1 does not"; the first is checked by the statement (which then appends
 * nothing), the second by UNIQUE (stream_id, stream_version). Either refusal is a
 * ConcurrencyError naming the stream.
 */
export async function appendToStreams(
  sql: SqlExecutor,
  appends: StreamAppend[],
): Promise<RecordedEvent[][]> {
  const rows = appends.flatMap((append) =>
    append.events.map((event, index) => ({
      streamId: append.streamId,
      expected: append.expectedVersion,
      version: append.expectedVersion + index + 1,
      event,
    })),
  );
  if (rows.length === 0) return appends.map(() => []);
  let written: DecidedEventRow[];
  try {
    // The rows go as one JSON document: PostgreSQL parses it once, with no array literals of
    // JSON text to escape and unescape.
    written = await queryNamed(sql, {
      name: 'event-store-append',
      text: `WITH new AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb)
           AS new(ordinality int, stream_id text, expected int, stream_version int, type text,
                  schema_version int, data jsonb, metadata jsonb)
       ),
       behind AS (
         SELECT new.stream_id FROM new
          WHERE new.expected > 0
            AND NOT EXISTS (SELECT 1 FROM events
                             WHERE events.stream_id = new.stream_id
                               AND events.stream_version = new.expected)
          LIMIT 1
       )
       INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
       SELECT new.stream_id, new.stream_version, new.type, new.schema_version, new.data,
              new.metadata
         FROM new
        WHERE NOT EXISTS (SELECT 1 FROM behind)
        ORDER BY new.ordinality
       RETURNING ${DECIDED_EVENT_COLUMNS}`,
      values: [
        JSON.stringify(
          rows.map((row, ordinality) => ({
            ordinality,
            stream_id: row.streamId,
            expected: row.expected,
            stream_version: row.version,
            type: row.event.type,
            schema_version: row.event.schemaVersion ?? 1,
            data: row.event.data,
            metadata: row.event.metadata,
          })),
        ),
      ],
    });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      const stream = conflictingStream(error, appends);
      throw new ConcurrencyError(stream.streamId, stream.expectedVersion);
    }
    throw error;
  }
  if (written.length !== rows.length) {
    // Nothing was written: a stream was not at its expected version yet.
    const stream = await firstStreamBehind(sql, appends);
    throw new ConcurrencyError(stream.streamId, stream.expectedVersion);
  }
  // Only what the database decided came back (position, version, time): the payloads are those
  // sent, and reading them back would only cost bytes and JSON parsing.
  const sent = new Map(appends.map((append) => [append.streamId, append]));
  const byStream = new Map<string, RecordedEvent[]>(appends.map((a) => [a.streamId, []]));
  for (const row of written.sort((a, b) => Number(a.global_position) - Number(b.global_position))) {
    const append = sent.get(row.stream_id)!;
    byStream
      .get(row.stream_id)!
      .push(recordedFromSent(row, append.events[row.stream_version - append.expectedVersion - 1]));
  }
  return appends.map((append) => byStream.get(append.streamId)!);
}

/** appendToStreams for one stream. */
export async function appendToStream(
  sql: SqlExecutor,
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: NewEvent[],
): Promise<RecordedEvent[]> {
  const [recorded] = await appendToStreams(sql, [{ streamId, expectedVersion, events }]);
  return recorded;
}

/** The stream PostgreSQL names in the violation's detail, else the first one given. */
function conflictingStream(error: unknown, appends: StreamAppend[]): StreamAppend {
  const detail = (error as { detail?: string }).detail ?? '';
  return appends.find((append) => detail.includes(`(${append.streamId}, `)) ?? appends[0];
}

async function firstStreamBehind(sql: SqlExecutor, appends: StreamAppend[]): Promise<StreamAppend> {
  const rows: { stream_id: string }[] = await sql.query(
    `SELECT given.stream_id FROM unnest($1::text[], $2::int[]) AS given(stream_id, expected)
      WHERE given.expected > 0
        AND NOT EXISTS (SELECT 1 FROM events
                         WHERE events.stream_id = given.stream_id
                           AND events.stream_version = given.expected)
      LIMIT 1`,
    [appends.map((append) => append.streamId), appends.map((append) => append.expectedVersion)],
  );
  return appends.find((append) => append.streamId === rows[0]?.stream_id) ?? appends[0];
}
