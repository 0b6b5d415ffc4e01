import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { backupDatabase } from '../backup/backup-database';
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
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const file = path.resolve(
    process.argv[2] || config.backupFile || path.join('backups', `backup-${stamp}.dump`),
  );
  mkdirSync(path.dirname(file), { recursive: true });
  await withDatabaseUrl(config, async (url) => {
    const started = Date.now();
    const result = await backupDatabase(url, file, config.backupTool);
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
