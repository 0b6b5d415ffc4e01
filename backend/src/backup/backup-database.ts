import { open } from 'node:fs/promises';
import { Client } from 'pg';
import type { LiveTour } from '../tour/live-tour';
import type { AppConfig } from '../config/config';
import { createDataSource, runMigrations } from '../database/data-source';
import { rebuildProjections } from '../registrations/projections/rebuild-projections';
import { RestoreError, restoreLogicalBackup, writeLogicalBackup } from './logical-backup';
import {
  compatiblePgDump,
  PG_DUMP_MAGIC,
  restorePgDumpBackup,
  serverMajorVersion,
  writePgDumpBackup,
} from './pg-dump-backup';

export type BackupTool = AppConfig['backupTool'];

export interface BackupResult {
  tool: 'pg_dump' | 'logical';
  tables?: { name: string; rows: number }[];
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'ticketing-backup' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Backs the whole database up to `file`: with pg_dump when the one on PATH can read this
 * server, otherwise with our own logical format (BACKUP_TOOL chooses explicitly).
 */
export async function backupDatabase(
  databaseUrl: string,
  file: string,
  tool: BackupTool = 'auto',
): Promise<BackupResult> {
  return withClient(databaseUrl, async (client) => {
    const major = await serverMajorVersion(client);
    const usePgDump = tool === 'pg_dump' || (tool === 'auto' && (await compatiblePgDump(major)));
    if (usePgDump) {
      await writePgDumpBackup(databaseUrl, file);
      return { tool: 'pg_dump' };
    }
    const summary = await writeLogicalBackup(client, file);
    return { tool: 'logical', tables: summary.tables };
  });
}

async function backupKind(file: string): Promise<'pg_dump' | 'logical'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (bytesRead === 5 && buffer.toString('latin1') === PG_DUMP_MAGIC) return 'pg_dump';
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'logical';
  } finally {
    await handle.close();
  }
  throw new RestoreError(`${file} is not a backup made by \`make backup\``);
}

export interface RestoreResult {
  tool: 'pg_dump' | 'logical';
  /** Events replayed into the read models. */
  events: number;
  tables?: { name: string; rows: number }[];
}

/**
 * Restores `file` into a fresh database, then rebuilds the read models from the restored event
 * log with the same projection code that runs live.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  catalogue: LiveTour,
): Promise<RestoreResult> {
  const kind = await backupKind(file);
  let tables: RestoreResult['tables'];
  if (kind === 'pg_dump') {
    await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ events: string | null }>(
        `SELECT to_regclass('public.events')::text AS events`,
      );
      if (rows[0].events !== null) {
        throw new RestoreError(
          'A pg_dump backup restores into an empty database (no tables): create a new one',
        );
      }
      await restorePgDumpBackup(client, databaseUrl, file);
    });
  }
  const dataSource = createDataSource(databaseUrl, { poolSize: 2 });
  await dataSource.initialize();
  try {
    // A fresh database gets the schema; a pg_dump from an older version gets the rest of it.
    await runMigrations(dataSource);
    if (kind === 'logical') {
      tables = (await withClient(databaseUrl, (client) => restoreLogicalBackup(client, file)))
        .tables;
    }
    const { events } = await rebuildProjections(dataSource, catalogue);
    return { tool: kind, events, tables };
  } finally {
    await dataSource.destroy();
  }
}
