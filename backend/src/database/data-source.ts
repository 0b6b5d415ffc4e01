import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrations } from './migrations';

export interface DatabaseDeadlines {
  /** Longest wait for a connection: for a free one in the pool, or for a new one to be ready. */
  connectTimeoutMs: number;
  /** Longest wait for one statement's answer; 0 for none (migrations, maintenance commands). */
  queryTimeoutMs: number;
}

/** For maintenance commands and tests: the server passes the configured ones. */
const MAINTENANCE_DEADLINES: DatabaseDeadlines = { connectTimeoutMs: 5000, queryTimeoutMs: 0 };

/**
 * node-postgres's client, which forgets a statement whose answer did not come in time
 * (query_timeout) but keeps its connection: the statement may still be running there, or the
 * link be dead, and the next borrower would queue behind it. This one ends the connection
 * instead (`end()`, which disconnects at once while a statement is under way), so the pool
 * drops it when it comes back, opens a fresh one, and whatever transaction it held is rolled
 * back by the server.
 */
class DeadlineClient extends Client {
  // Every form of pg's query(): a promise, a callback as the last argument, or a submittable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const endOnTimeout = (error: unknown) => {
      if ((error as Error | undefined)?.message === 'Query read timeout') void this.end();
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: unknown, ...rest: unknown[]) => void;
      args[last] = (error: unknown, ...rest: unknown[]) => {
        endOnTimeout(error);
        callback(error, ...rest);
      };
    }
    const result: unknown = (super.query as (...queryArgs: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.catch(endOnTimeout);
    return result;
  }
}

export function createDataSource(
  url: string,
  options: { poolSize?: number } & Partial<DatabaseDeadlines> = {},
): DataSource {
  const { connectTimeoutMs, queryTimeoutMs } = { ...MAINTENANCE_DEADLINES, ...options };
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
      Client: DeadlineClient,
      max: options.poolSize ?? 10,
      // A request must not wait forever for a connection or a query when the database is
      // away: the pool gives up on a connection after connectTimeoutMs (a free one or a new
      // one), the client on an answer after queryTimeoutMs. PostgreSQL's own statement_timeout
      // cancels a merely slow statement at the same mark, and cannot help when it is unreachable.
      connectionTimeoutMillis: connectTimeoutMs,
      query_timeout: queryTimeoutMs || undefined,
      statement_timeout: queryTimeoutMs || undefined,
      idle_in_transaction_session_timeout: 30000,
      keepAlive: true,
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
