import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { backupDatabase, type BackupTool } from '../backup/backup-database';
import { ConfigError, loadConfig } from '../config/config';
import { withDatabaseUrl } from './with-database';

/**
 * `make backup [BACKUP_FILE=...]`: the whole database (the embedded one under DATA_DIR unless
 * DATABASE_URL is set) to one file. BACKUP_TOOL=auto|pg_dump|logical (auto: pg_dump when the
 * one on PATH can read the server).
 */
async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-this-command',
  });
  const tool = (process.env.BACKUP_TOOL || 'auto') as BackupTool;
  if (!['auto', 'pg_dump', 'logical'].includes(tool)) {
    throw new ConfigError(
      `Invalid configuration: BACKUP_TOOL must be auto, pg_dump or logical (got "${tool}")`,
    );
  }
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = path.resolve(
    process.argv[2] || process.env.BACKUP_FILE || path.join('backups', `backup-${stamp}.dump`),
  );
  mkdirSync(path.dirname(file), { recursive: true });
  await withDatabaseUrl(config, async (url) => {
    const started = Date.now();
    const result = await backupDatabase(url, file, tool);
    const rows = result.tables?.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup written to ${file} with ${result.tool}` +
        (rows === undefined ? '' : ` (${result.tables!.length} tables, ${rows} rows)`) +
        ` in ${Date.now() - started} ms`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
