import { DataSource } from 'typeorm';
import { migrations } from './migrations';

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    installExtensions: false,
    extra: {
      max: options.poolSize ?? 10,
      // A request must not wait forever for a connection or a query when the database is away.
      connectionTimeoutMillis: 5000,
      statement_timeout: 15000,
      idle_in_transaction_session_timeout: 30000,
      application_name: 'ticketing',
    },
  });
}

/** Applies the migrations that have not run yet; safe to call from several processes at once. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  // One process migrates at a time; the others wait and then find nothing left to do.
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', ['migrations']);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', ['migrations']);
    await runner.release();
  }
}
