import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Pool, type Client, type PoolClient, type QueryResult } from 'pg';
import { DataSource } from 'typeorm';
import type { SqlStatement } from '../event-store/sql-statement';

/**
 * The pool's lanes, each with connections of its own, so that one kind of work never waits
 * for connections taken by another: `allocation`, the batches of new registrations (one at a
 * time per slot and process), and `appends`, everything else (e.g. the checkout sessions opened
 * for the seats a batch gave: twenty at once at the start of a rush). `warm` connections stay
 * open while idle and are opened at boot: opening one (a server process forked, authenticated)
 * in the first moments of a rush would stall it.
 */
const LANES = {
  allocation: { max: 4, warm: 4 },
  appends: { max: 6, warm: 6 },
} as const;

export type PipelinedLane = keyof typeof LANES;

/** Every connection the pool may open, all lanes together. */
export const PIPELINED_CONNECTIONS = Object.values(LANES).reduce((sum, lane) => sum + lane.max, 0);

/**
 * A few connections in node-postgres's pipeline mode, on the same database and with the same
 * settings (timeouts, application name) as TypeORM's pool. On such a connection the statements
 * of a transaction can be sent together, without waiting for each answer: PostgreSQL runs them
 * one after the other as they arrive, so a lock taken by the first is held for the server's
 * time only, not for a round trip per statement through a busy event loop. Each statement still
 * has its own Sync: after an error, the rest of the transaction fails with 25P02 and its COMMIT
 * answers ROLLBACK.
 */
@Injectable()
export class PipelinedPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PipelinedPool.name);
  private readonly pools: Record<PipelinedLane, Pool>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    const options = dataSource.options as { url?: string; extra?: Record<string, unknown> };
    const open = (lane: (typeof LANES)[PipelinedLane]) => {
      const pool = new Pool({
        ...options.extra,
        connectionString: options.url,
        max: lane.max,
        min: lane.warm,
        pipeline: true,
      });
      // A connection that breaks while idle (the server restarting) leaves the pool; the next
      // transaction opens a new one. Errors during a transaction reach its caller.
      pool.on('error', () => undefined);
      return pool;
    };
    this.pools = { allocation: open(LANES.allocation), appends: open(LANES.appends) };
  }

  async onApplicationBootstrap(): Promise<void> {
    const opened = await Promise.allSettled(
      (Object.keys(LANES) as PipelinedLane[]).flatMap((lane) =>
        Array.from({ length: LANES[lane].warm }, () => this.pools[lane].connect()),
      ),
    );
    for (const result of opened) {
      if (result.status === 'fulfilled') result.value.release();
    }
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) {
      // Not fatal: connections are opened on demand as well.
      this.logger.warn(
        `Pipelined connections not all opened ahead: ${(failed.reason as Error).message}`,
      );
    }
  }

  /**
   * Runs `work` on a connection of its own; `work` sends the transaction (see send()), from
   * BEGIN to COMMIT. On any error the transaction is rolled back, or the connection dropped if
   * it broke.
   */
  async transaction<T>(lane: PipelinedLane, work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pools[lane].connect();
    // The pool listens for errors only while a connection is idle: one that breaks in use
    // (the server going away) emits an error of its own, which its queries also reject with.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      return await work(client);
    } catch (error) {
      if (!broken) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
      }
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((pool) => pool.end()));
  }
}

/**
 * Sends the statements at once on a pipelined connection and waits for every answer; throws the
 * first error, once all are in (so nothing of the transaction is still on the wire).
 */
export async function send(client: PoolClient, statements: SqlStatement[]): Promise<QueryResult[]> {
  // In pipeline mode each query is written as it is given, one system call each; corked, the
  // whole transaction leaves in one.
  const stream = (client as unknown as Client).connection.stream;
  stream.cork();
  let queries: Promise<QueryResult>[];
  try {
    queries = statements.map((statement) => client.query(statement.text, statement.parameters));
  } finally {
    stream.uncork();
  }
  const answers = await Promise.allSettled(queries);
  const failed = answers.find((answer) => answer.status === 'rejected');
  if (failed) throw failed.reason;
  return answers.map((answer) => (answer as PromiseFulfilledResult<QueryResult>).value);
}
