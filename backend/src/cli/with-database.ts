import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config';
import { createDataSource, runMigrations } from '../database/data-source';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../database/embedded-database';

/**
 * Runs a maintenance command with the configured database's URL (the embedded one under
 * DATA_DIR, started for the command, unless DATABASE_URL is set), and stops what it started.
 */
export async function withDatabaseUrl<T>(
  config: AppConfig,
  work: (url: string) => Promise<T>,
): Promise<T> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    url = embedded.url;
  }
  try {
    return await work(url);
  } finally {
    await embedded?.stop();
  }
}

/** withDatabaseUrl with a data source on it, migrated first, and closed afterwards. */
export async function withDatabase(
  config: AppConfig,
  work: (dataSource: DataSource, appliedMigrations: string[]) => Promise<void>,
): Promise<void> {
  await withDatabaseUrl(config, async (url) => {
    const dataSource = createDataSource(url, { poolSize: 2 });
    try {
      await dataSource.initialize();
      const applied = await runMigrations(dataSource);
      await work(dataSource, applied);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
  });
}
