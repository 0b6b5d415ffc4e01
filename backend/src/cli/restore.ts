import 'reflect-metadata';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { restoreDatabase } from '../backup/backup-database';
import { RestoreError } from '../backup/logical-backup';
import { LiveTour } from '../tour/live-tour';
import { ConfigError, loadConfig } from '../config/config';
import { withDatabaseUrl } from './with-database';

/**
 * `make restore BACKUP_FILE=...`: a backup into a fresh database (a new DATABASE_URL, or an
 * empty DATA_DIR for the embedded one), then the read models rebuilt from the events.
 */
async function main(): Promise<void> {
  const config = loadConfig({
    ...process.env,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || 'unused-by-this-command',
  });
  const given = process.argv[2] || config.backupFile;
  if (!given) throw new RestoreError('Name the backup: make restore BACKUP_FILE=backups/....dump');
  const file = path.resolve(given);
  if (!existsSync(file)) throw new RestoreError(`${file} does not exist`);
  await withDatabaseUrl(config, async (url) => {
    const started = Date.now();
    const result = await restoreDatabase(url, file, LiveTour.forEnvironment(config));
    console.log(
      `Restored ${file} (${result.tool}); read models rebuilt from ${result.events} events in ${Date.now() - started} ms`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof RestoreError ? error.message : error,
  );
  process.exit(1);
});
