import type { RecordedEvent } from './event-store.types';
import {
  RECORDED_EVENT_COLUMNS,
  toRecordedEvent,
  type RecordedEventRow,
} from './recorded-event-row';
import type { SqlExecutor } from './sql-executor';

/** Where a page of the log starts: after a position in global order, or before one, newest first. */
export type LogPageStart =
  { order: 'oldest'; after: number } | { order: 'newest'; before: number | undefined };

/** Which events a page of the log keeps; the store knows only types, metadata and streams. */
export interface LogPageFilter {
  type?: string;
  /** Caused by this operator (metadata operatorId, actor admin); `orUnnamed` also keeps an admin event that names none. */
  operator?: { id: string; orUnnamed: boolean };
  /**
   * Of these streams, or of `stream` where the data's `field` is `value` (every event of `stream`
   * when no `value` is given).
   */
  streams?: {
    ids: readonly string[];
    also?: { stream: string; field: string; value: string | undefined };
  };
}

/**
 * A page of the log, filtered, in either order, under readAll's rule: only events whose
 * transactions are older than every one still running, so that a reader paging by position
 * never skips an event that commits later.
 */
export async function readLogPage(
  sql: SqlExecutor,
  start: LogPageStart,
  limit: number,
  filter: LogPageFilter,
): Promise<RecordedEvent[]> {
  const parameters: unknown[] = [];
  const parameter = (value: unknown) => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const where = ['transaction_id < pg_snapshot_xmin(pg_current_snapshot())'];
  if (start.order === 'oldest') where.push(`global_position > ${parameter(start.after)}`);
  else if (start.before !== undefined) where.push(`global_position < ${parameter(start.before)}`);
  if (filter.type !== undefined) where.push(`type = ${parameter(filter.type)}`);
  if (filter.operator) {
    const id = parameter(filter.operator.id);
    where.push(
      filter.operator.orUnnamed
        ? `metadata->>'actor' = 'admin' AND coalesce(metadata->>'operatorId', ${id}) = ${id}`
        : `metadata->>'actor' = 'admin' AND metadata->>'operatorId' = ${id}`,
    );
  }
  if (filter.streams) {
    const { ids, also } = filter.streams;
    const matching = also
      ? ` OR (stream_id = ${parameter(also.stream)}${
          also.value === undefined
            ? ''
            : ` AND data->>${parameter(also.field)} = ${parameter(also.value)}`
        })`
      : '';
    where.push(`(stream_id = ANY(${parameter(ids)}::text[])${matching})`);
  }
  const rows: RecordedEventRow[] = await sql.query(
    `SELECT ${RECORDED_EVENT_COLUMNS} FROM events
      WHERE ${where.join(' AND ')}
      ORDER BY global_position ${start.order === 'oldest' ? 'ASC' : 'DESC'}
      LIMIT ${parameter(limit)}`,
    parameters,
  );
  return rows.map(toRecordedEvent);
}
