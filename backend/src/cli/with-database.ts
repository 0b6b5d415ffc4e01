import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config';
import { createDataSource, runMigrations } from '../database/data-source';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../database/embedded-database';

/**
 * Runs a maintenance command against the configured database (the embedded one under DATA_DIR
 * unless DATABASE_URL is set), migrated first, and closes everything afterwards.
 */
export async function withDatabase(
  config: AppConfig,
  work: (dataSource: DataSource, appliedMigrations: string[]) => Promise<void>,
): Promise<void> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    url = embedded.url;
  }
  const dataSource = createDataSource(url, { poolSize: 2 });
  try {
    await dataSource.initialize();
    const applied = await runMigrations(dataSource);
    await work(dataSource, applied);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}
