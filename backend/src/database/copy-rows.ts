import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { clientOf, type SqlExecutor } from '../event-store/sql-executor';

/** Rows go to PostgreSQL in chunks of this many, each one write of the COPY stream. */
const ROWS_PER_CHUNK = 1_000;

/**
 * Writes `rows` into `table` with one `COPY … FROM STDIN` (text format): the bulk way in, with
 * no statement parsed, planned or executed per row and no array to build and take apart, for a
 * table that holds none of them yet (a COPY has no ON CONFLICT: a duplicate key fails the whole
 * COPY, and so the caller's transaction). `sql` must be a node-postgres client or a TypeORM
 * EntityManager inside a transaction (see clientOf). Values as node-postgres would send them:
 * null or undefined as NULL, booleans as t/f, dates as ISO 8601, the rest as text.
 */
export async function copyRows(
  sql: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly unknown[]>,
): Promise<void> {
  const client = await clientOf(sql);
  if (!client)
    throw new Error('copyRows needs a connection of its own (a client or a transaction)');
  const copy = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(chunks(rows), { objectMode: false }), copy);
}

function* chunks(rows: Iterable<readonly unknown[]>): Generator<string> {
  let chunk = '';
  let count = 0;
  for (const row of rows) {
    let line = '';
    for (let index = 0; index < row.length; index += 1) {
      if (index > 0) line += '\t';
      line += copyText(row[index]);
    }
    chunk += `${line}\n`;
    count += 1;
    if (count === ROWS_PER_CHUNK) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format. */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') throw new Error('COPY text takes no objects or arrays');
  const text = typeof value === 'string' ? value : String(value as number | bigint);
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (character) => ESCAPES[character]) : text;
}
