import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Client } from 'pg';

const run = promisify(execFile);

/**
 * The major version of the pg_dump on PATH, if it can dump a server of `serverMajor` (pg_dump
 * reads servers up to its own version, not newer ones).
 */
export async function compatiblePgDump(serverMajor: number): Promise<boolean> {
  try {
    const [dump, restore] = await Promise.all([
      run('pg_dump', ['--version']),
      run('pg_restore', ['--version']),
    ]);
    const major = (output: string) => Number(/(\d+)(?:\.\d+)?/.exec(output)?.[1] ?? 0);
    return major(dump.stdout) >= serverMajor && major(restore.stdout) >= serverMajor;
  } catch {
    return false;
  }
}

export async function serverMajorVersion(client: Client): Promise<number> {
  const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0].server_version_num) / 10000);
}

/** `pg_dump --format=custom`: schema and data of everything, event log included. */
export async function writePgDumpBackup(databaseUrl: string, file: string): Promise<void> {
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, databaseUrl],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

/** A pg_dump custom-format file starts with these bytes. */
export const PG_DUMP_MAGIC = 'PGDMP';

/**
 * Restores a pg_dump file into a database with no application tables yet, in one transaction.
 * Then, in another, stamps the restored events with this server's transaction id (the ids in
 * the file belong to the server that wrote them, and the log is read by them): the append-only
 * trigger is set aside and put back inside that same transaction, so no other session ever
 * sees the log without it.
 */
export async function restorePgDumpBackup(
  client: Client,
  databaseUrl: string,
  file: string,
): Promise<void> {
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${databaseUrl}`,
      file,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  await client.query('BEGIN');
  try {
    await client.query('ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete');
    await client.query('UPDATE events SET transaction_id = pg_current_xact_id()');
    await client.query('ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
