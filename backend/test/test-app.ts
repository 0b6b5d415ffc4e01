import 'reflect-metadata';
import { LiveTour } from '../src/tour/live-tour';
import { loadConfig, type AppConfig } from '../src/config/config';
import { startServer, type RunningServer } from '../src/server';
import { createTestDatabase, type TestDatabase } from './test-database';
import { testCatalogue } from './test-tour';

export type TestApp = RunningServer & { config: AppConfig };

/**
 * A real instance of the server on a free port against the given database. Several instances
 * on one database behave as several app processes would. Without a catalogue it serves the
 * tests' tour (test-tour.ts: the record, its open slot a month ahead).
 */
export async function startTestApp(
  databaseUrl: string,
  env: Record<string, string> = {},
  catalogue?: LiveTour,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    ADMIN_PASSWORD: 'test-admin-password',
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const server = await startServer(config, catalogue ?? testCatalogue(), {
    logger: process.env.TEST_LOGS === '1' ? ['log', 'error', 'warn'] : false,
  });
  return Object.assign(server, { config });
}

export interface AppsOnOwnDatabase {
  /** Filled before the tests of the describe block run. */
  readonly apps: TestApp[];
  readonly database: TestDatabase;
}

/**
 * For the enclosing describe block: a database of its own and one app instance per entry of
 * `instances` on it (two stand for two app processes), started before its tests, closed and the
 * database dropped after them. Read `apps` inside the tests.
 */
export function appsOnOwnDatabase(
  instances: {
    env?: Record<string, string>;
    catalogue?: LiveTour;
  }[] = [{}],
): AppsOnOwnDatabase {
  const state: { apps: TestApp[]; database?: TestDatabase } = { apps: [] };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    for (const instance of instances) {
      state.apps.push(await startTestApp(state.database.url, instance.env, instance.catalogue));
    }
  });
  afterAll(async () => {
    for (const app of state.apps) await app.close();
    await state.database?.drop();
  });
  return state as AppsOnOwnDatabase;
}
