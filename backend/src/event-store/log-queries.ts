import type { EventMetadata, RecordedEvent } from './event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  recordedEventOf,
  REPLAYED_EVENT_COLUMNS,
  toRecordedEvent,
  type ReplayedEventRow,
  type RecordedEventRow,
} from './recorded-event-row';
import type { SqlExecutor } from './sql-executor';

/**
 * The event store's questions about the log beyond one stream, so that no other module writes
 * SQL on `events`. None of them knows a domain: streams are named by their ids.
 */

/** Whether a stream has any event. */
export async function streamExists(sql: SqlExecutor, streamId: string): Promise<boolean> {
  const rows: unknown[] = await sql.query('SELECT 1 FROM events WHERE stream_id = $1 LIMIT 1', [
    streamId,
  ]);
  return rows.length > 0;
}

/** A stream's version: its last event's, NO_STREAM (0) when it has none. */
export async function streamVersion(sql: SqlExecutor, streamId: string): Promise<number> {
  const [row]: { version: number }[] = await sql.query(
    'SELECT coalesce(max(stream_version), 0)::int AS version FROM events WHERE stream_id = $1',
    [streamId],
  );
  return row.version;
}

/**
 * A stream and the streams whose ids start with a prefix (the tour and its events). Its
 * condition is written out literally, so that a partial index made with the same condition
 * serves it.
 */
export interface StreamFamily {
  stream: string;
  prefix: string;
}

const STREAM_NAME = /^[a-z][a-z-]*$/;

function familyCondition({ stream, prefix }: StreamFamily): string {
  if (!STREAM_NAME.test(stream) || !STREAM_NAME.test(prefix)) {
    throw new Error(`Not a stream family: ${stream}, ${prefix}`);
  }
  return `(stream_id = '${stream}' OR stream_id LIKE '${prefix}%')`;
}

/** Every event of a family of streams, in the log's order. */
export async function readStreamFamily(
  sql: SqlExecutor,
  family: StreamFamily,
): Promise<RecordedEvent[]> {
  const rows: RecordedEventRow[] = await sql.query(
    `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
      WHERE ${familyCondition(family)}
      ORDER BY global_position`,
  );
  return rows.map(toRecordedEvent);
}

/**
 * A page of a family of streams, newest first: only `streamId`'s events when given, only
 * those before the position `before` when given, `limit` at most.
 */
export async function readStreamFamilyBackwards(
  sql: SqlExecutor,
  family: StreamFamily,
  page: { streamId?: string; before?: string; limit: number },
): Promise<RecordedEvent[]> {
  const rows: RecordedEventRow[] = await sql.query(
    `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
      WHERE ${familyCondition(family)}
        AND ($1::text IS NULL OR stream_id = $1)
        AND ($2::bigint IS NULL OR global_position < $2)
      ORDER BY global_position DESC
      LIMIT $3`,
    [page.streamId ?? null, page.before ?? null, page.limit],
  );
  return rows.map(toRecordedEvent);
}

/** The log's first position in each of these streams (a stream's creation), by stream id. */
export async function firstPositions(
  sql: SqlExecutor,
  streamIds: readonly string[],
): Promise<Map<string, number>> {
  if (streamIds.length === 0) return new Map();
  const rows: { stream_id: string; position: string }[] = await sql.query(
    `SELECT stream_id, min(global_position) AS position FROM events
      WHERE stream_id = ANY($1::text[]) GROUP BY stream_id`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, Number(row.position)]));
}

/** The first event of a type whose data holds `value` at `field` (a top-level text field). */
export async function findFirstEventWith(
  sql: SqlExecutor,
  type: string,
  field: string,
  value: string,
): Promise<RecordedEvent | undefined> {
  const rows: RecordedEventRow[] = await sql.query(
    `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
      WHERE type = $1 AND data->>$2 = $3 ORDER BY global_position LIMIT 1`,
    [type, field, value],
  );
  return rows.length > 0 ? toRecordedEvent(rows[0]) : undefined;
}

/**
 * The distinct values at `field` (a top-level text field) of the events of `type` whose data
 * holds every pair of `containing` (JSON containment, `@>`): e.g. the registrations that ever
 * moved out of a slot. The type's index finds the events; a rare type keeps the read small.
 */
export async function valuesOfEventsWith(
  sql: SqlExecutor,
  type: string,
  containing: Readonly<Record<string, string>>,
  field: string,
): Promise<string[]> {
  const rows: { value: string | null }[] = await sql.query(
    `SELECT DISTINCT data->>$3 AS value FROM events WHERE type = $1 AND data @> $2::jsonb`,
    [type, JSON.stringify(containing), field],
  );
  return rows.flatMap(({ value }) => (value === null ? [] : [value]));
}

/**
 * The highest position a reader of readAll may have seen: the last event of the transactions
 * older than every one still running (0 for an empty log).
 */
export async function readableLogHead(sql: SqlExecutor): Promise<number> {
  const [row] = (await sql.query(
    `SELECT coalesce(max(global_position), 0)::bigint AS position FROM events
      WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())`,
  )) as { position: string }[];
  return Number(row.position);
}

/** The metadata of every replayed event, one object for all of them. */
const REPLAYED: EventMetadata = Object.freeze({ actor: 'system' });

/**
 * The whole log in order, page by page, for a replay that holds every writer off: the next
 * page is asked for before this one is handled, so PostgreSQL reads while Node decodes. Unlike
 * readAll, it does not wait for every older transaction on the server: the caller has locked
 * what every append writes, so no event can commit until it does, every committed event is
 * already visible, and a long transaction elsewhere (another database of the same server) must
 * not hide any of them. The events carry no metadata (the actor reads as 'system').
 */
export async function* replayWholeLog(
  sql: SqlExecutor,
  batchSize: number,
): AsyncGenerator<RecordedEvent[]> {
  const page = (after: string) => {
    const query = sql.query(
      `SELECT ${REPLAYED_EVENT_COLUMNS}
         FROM events
        WHERE global_position > $1
        ORDER BY global_position
        LIMIT $2`,
      [after, batchSize],
    ) as Promise<ReplayedEventRow[]>;
    // A page asked for ahead and never awaited (the replay failed) must not crash the process.
    query.catch(() => undefined);
    return query;
  };
  let pending = page('0');
  for (;;) {
    const rows = await pending;
    if (rows.length === 0) return;
    if (rows.length === batchSize) pending = page(rows[rows.length - 1].global_position);
    yield rows.map((row) => recordedEventOf(row, REPLAYED));
    if (rows.length < batchSize) return;
  }
}
