import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import type { Client } from 'pg';
import { listTables, quoteIdentifier, type TableInfo } from './database-tables';

/**
 * Our own logical backup, for when no pg_dump that can read the server is at hand (the embedded
 * PostgreSQL is newer than most machines' client tools). A gzip'd file of JSON lines: a header,
 * then per table a line naming it and its row count, then its rows as PostgreSQL's own
 * row_to_json renders them, so every value (bigint, timestamptz to the microsecond, bytea,
 * jsonb) reads back exactly. The schema is not in the file: it is the migrations', and a
 * restore checks that both sides are at the same one.
 */
export const LOGICAL_BACKUP_FORMAT = 'dream-darkroom-logical-backup';

interface BackupHeader {
  format: typeof LOGICAL_BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  serverVersion: string;
  migrations: string[];
}

interface TableMarker {
  table: string;
  columns: string[];
  rows: number;
}

export interface BackupSummary {
  tables: { name: string; rows: number }[];
}

/**
 * Read models, rebuilt from the events after a restore rather than copied (so the file holds
 * personal data only sealed, as the event log does); and the migrations table, whose list is
 * in the header and which the target has from running the same migrations.
 */
export const NOT_BACKED_UP = new Set(['registration_view', 'slot_capacity', 'migrations']);

/**
 * A physical detail of the event log, not part of an event: the id of the transaction that
 * appended it, used to read the log safely while writers are in flight. It only means
 * something on the server that wrote it, so a restore stamps its own.
 */
const SERVER_LOCAL_COLUMNS: Record<string, string[]> = { events: ['transaction_id'] };

const FETCH_SIZE = 1000;
const INSERT_BATCH = 500;

export async function writeLogicalBackup(client: Client, file: string): Promise<BackupSummary> {
  const gzip = createGzip();
  const output = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(output);
  const finished = once(output, 'close');
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const summary: BackupSummary = { tables: [] };
  // One snapshot for every table: the file is what the database was at one instant.
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version');
    const { rows: migrations } = await client.query<{ name: string }>(
      'SELECT name FROM migrations ORDER BY id',
    );
    const header: BackupHeader = {
      format: LOGICAL_BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      serverVersion: version[0].server_version,
      migrations: migrations.map((row) => row.name),
    };
    await write(JSON.stringify(header));
    for (const table of await listTables(client)) {
      if (NOT_BACKED_UP.has(table.name)) continue;
      const name = quoteIdentifier(table.name);
      const { rows: count } = await client.query<{ rows: number }>(
        `SELECT count(*)::int AS rows FROM public.${name}`,
      );
      const marker: TableMarker = {
        table: table.name,
        columns: table.columns,
        rows: count[0].rows,
      };
      await write(JSON.stringify(marker));
      const order = (table.primaryKey.length > 0 ? table.primaryKey : table.columns)
        .map(quoteIdentifier)
        .join(', ');
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR
           SELECT row_to_json(t)::text AS row FROM public.${name} t ORDER BY ${order}`,
      );
      let written = 0;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(
          `FETCH ${FETCH_SIZE} FROM backup_rows`,
        );
        for (const { row } of rows) await write(row);
        written += rows.length;
        if (rows.length < FETCH_SIZE) break;
      }
      await client.query('CLOSE backup_rows');
      if (written !== marker.rows)
        throw new Error(`${table.name}: counted ${marker.rows}, read ${written}`);
      summary.tables.push({ name: table.name, rows: written });
    }
    await write(JSON.stringify({ end: true, tables: summary.tables.length }));
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    gzip.destroy();
    output.destroy();
    throw error;
  }
  gzip.end();
  await finished;
  return summary;
}

export class RestoreError extends Error {}

async function* readLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line) yield line;
}

/**
 * Restores a logical backup into a database migrated to the same schema whose event log is
 * empty: in one transaction, every table but the read models, parents first. The events
 * table's append-only trigger stays as it is (inserting is all a restore does to it). The
 * caller rebuilds the read models from the events afterwards.
 */
export async function restoreLogicalBackup(client: Client, file: string): Promise<BackupSummary> {
  const lines = readLines(file);
  const first = await lines.next();
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
  } catch {
    throw new RestoreError(`${file} is not a backup made by \`make backup\``);
  }
  if (header.format !== LOGICAL_BACKUP_FORMAT || header.version !== 1) {
    throw new RestoreError(`${file} is not a backup made by \`make backup\``);
  }
  const { rows: migrations } = await client.query<{ name: string }>(
    'SELECT name FROM migrations ORDER BY id',
  );
  const applied = migrations.map((row) => row.name);
  if (JSON.stringify(applied) !== JSON.stringify(header.migrations)) {
    throw new RestoreError(
      `The backup's schema (${header.migrations.length} migrations, last ${header.migrations.at(-1)}) ` +
        `differs from this database's (${applied.length}, last ${applied.at(-1)}): ` +
        'restore with the version of the app that made the backup',
    );
  }
  const tables = new Map<string, TableInfo>(
    (await listTables(client)).map((table) => [table.name, table]),
  );
  const summary: BackupSummary = { tables: [] };

  await client.query('BEGIN');
  try {
    const { rows: existing } = await client.query<{ any: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM events) AS any',
    );
    if (existing[0].any) {
      throw new RestoreError(
        'This database already has events: restore into a fresh database (a new DATABASE_URL or DATA_DIR)',
      );
    }
    let current: { table: TableInfo; columns: string[]; expected: number } | undefined;
    let batch: string[] = [];
    let restored = 0;
    let ended = false;

    const flush = async () => {
      if (!current || batch.length === 0) return;
      const columns = current.columns.map(quoteIdentifier).join(', ');
      const name = quoteIdentifier(current.table.name);
      const overriding = current.columns.some((column) =>
        current!.table.identityColumns.includes(column),
      )
        ? 'OVERRIDING SYSTEM VALUE'
        : '';
      await client.query(
        `INSERT INTO public.${name} (${columns}) ${overriding}
         SELECT ${columns} FROM json_populate_recordset(NULL::public.${name}, $1::json)`,
        [`[${batch.join(',')}]`],
      );
      restored += batch.length;
      batch = [];
    };
    const finishTable = async () => {
      await flush();
      if (!current) return;
      if (restored !== current.expected) {
        throw new RestoreError(
          `${current.table.name}: the backup announces ${current.expected} rows but holds ${restored}`,
        );
      }
      summary.tables.push({ name: current.table.name, rows: restored });
      current = undefined;
    };

    let skipping = 0;
    for await (const line of lines) {
      if (skipping > 0) {
        skipping -= 1;
        continue;
      }
      if (current && restored + batch.length < current.expected) {
        batch.push(line);
        if (batch.length >= INSERT_BATCH) await flush();
        continue;
      }
      await finishTable();
      const marker = JSON.parse(line) as Partial<TableMarker> & { end?: boolean };
      if (marker.end) {
        ended = true;
        break;
      }
      if (!marker.table || marker.rows === undefined || !marker.columns) {
        throw new RestoreError(`${file} is damaged: expected a table, read ${line.slice(0, 80)}`);
      }
      if (NOT_BACKED_UP.has(marker.table)) {
        skipping = marker.rows;
        continue;
      }
      const table = tables.get(marker.table);
      if (!table)
        throw new RestoreError(`The backup has a table this database lacks: ${marker.table}`);
      const local = SERVER_LOCAL_COLUMNS[table.name] ?? [];
      const columns = marker.columns.filter(
        (column) => table.columns.includes(column) && !local.includes(column),
      );
      // The target may hold rows written at its own start (settings); the backup's win.
      // (The event log is empty, checked above, and is never deleted from.)
      if (table.name !== 'events') {
        await client.query(`DELETE FROM public.${quoteIdentifier(table.name)}`);
      }
      current = { table, columns, expected: marker.rows };
      restored = 0;
    }
    if (!ended) throw new RestoreError(`${file} is incomplete: it ends before its last table`);
    for (const table of tables.values()) {
      for (const column of table.identityColumns) {
        // The next identity value follows the restored ones.
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2),
                         COALESCE((SELECT max(${quoteIdentifier(column)}) FROM public.${quoteIdentifier(table.name)}), 0) + 1,
                         false)`,
          [`public.${quoteIdentifier(table.name)}`, column],
        );
      }
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return summary;
}
