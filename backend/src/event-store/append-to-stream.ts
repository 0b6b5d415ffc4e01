import { ConcurrencyError } from './concurrency-error';
import type { ExpectedVersion, NewEvent, RecordedEvent } from './event-store.types';
import {
  DECIDED_EVENT_COLUMNS,
  recordedFromSent,
  type DecidedEventRow,
} from './recorded-event-row';
import type { SqlExecutor } from './sql-executor';
import type { SqlStatement } from './sql-statement';

const UNIQUE_VIOLATION = '23505';

/**
 * Appends events to one stream if, and only if, the stream is at the expected version.
 * Two writers that expect the same version cannot both win: the check and the
 * UNIQUE (stream_id, stream_version) constraint refuse the second.
 */
export async function appendToStream(
  sql: SqlExecutor,
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: NewEvent[],
): Promise<RecordedEvent[]> {
  if (events.length === 0) return [];
  let rows: DecidedEventRow[];
  try {
    rows =
      events.length === 1 && expectedVersion !== 'any'
        ? await appendOne(sql, streamId, expectedVersion, events[0])
        : await appendMany(sql, streamId, expectedVersion, events);
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new ConcurrencyError(streamId, expectedVersion);
    }
    throw error;
  }
  if (rows.length !== events.length) throw new ConcurrencyError(streamId, expectedVersion);
  // Only what the database decided came back (position, version, time): the payloads are those
  // sent, and reading them back would only cost bytes and JSON parsing.
  return rows
    .sort((a, b) => a.stream_version - b.stream_version)
    .map((row, index) => recordedFromSent(row, events[index]));
}

/**
 * The common case, one event at a known version, in the cheapest statement that keeps the
 * guarantee: versions are contiguous, so "the stream is at N" is "version N exists (or N is 0)
 * and N + 1 does not"; the first is checked here, the second by the UNIQUE constraint.
 */
function appendOne(
  sql: SqlExecutor,
  streamId: string,
  expectedVersion: number,
  event: NewEvent,
): Promise<DecidedEventRow[]> {
  const { text, parameters } = appendOneStatement(streamId, expectedVersion, event);
  return sql.query(text, parameters);
}

/**
 * appendOne's statement, for a caller that sends it itself (e.g. as the CTE `appended` of a
 * statement whose other writes need the event's row). It appends nothing, and returns no row,
 * when the stream is not at `expectedVersion` yet; a stream already past it violates the
 * UNIQUE constraint. Either way the stream was not at the version: a ConcurrencyError.
 */
export function appendOneStatement(
  streamId: string,
  expectedVersion: number,
  event: NewEvent,
): SqlStatement {
  return {
    text: `INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
     SELECT $1, $2::int + 1, $3, $4, $5::jsonb, $6::jsonb
      WHERE $2::int = 0
         OR EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND stream_version = $2::int)
     RETURNING ${DECIDED_EVENT_COLUMNS}`,
    parameters: [
      streamId,
      expectedVersion,
      event.type,
      event.schemaVersion ?? 1,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    ],
  };
}

/** Any number of events, at a known version or at whatever version the stream is ('any'). */
function appendMany(
  sql: SqlExecutor,
  streamId: string,
  expectedVersion: ExpectedVersion,
  events: NewEvent[],
): Promise<DecidedEventRow[]> {
  return sql.query(
    `WITH current AS (
       SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1
     )
     INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
     SELECT $1, current.version + new.ordinality, new.type, new.schema_version,
            new.data::jsonb, new.metadata::jsonb
       FROM current,
            unnest($3::text[], $4::int[], $5::text[], $6::text[])
              WITH ORDINALITY AS new(type, schema_version, data, metadata, ordinality)
      WHERE $2::int IS NULL OR current.version = $2::int
      ORDER BY new.ordinality
     RETURNING ${DECIDED_EVENT_COLUMNS}`,
    [
      streamId,
      expectedVersion === 'any' ? null : expectedVersion,
      events.map((event) => event.type),
      events.map((event) => event.schemaVersion ?? 1),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata)),
    ],
  );
}
