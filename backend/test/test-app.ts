import 'reflect-metadata';
import { LiveTour } from '../src/tour/live-tour';
import { loadConfig, type AppConfig } from '../src/config/config';
import { startServer, type RunningServer } from '../src/server';
import { createTestDatabase, opened, type TestDatabase } from './test-database';
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

/** One app instance's set-up: its environment's additions and its tour (testCatalogue() if none). */
export interface TestAppOptions {
  env?: Record<string, string>;
  catalogue?: LiveTour;
}

export interface AppsOnOwnDatabase {
  /** Filled before the tests of the describe block run. */
  readonly apps: TestApp[];
  /** The first of `apps`. */
  readonly app: TestApp;
  readonly database: TestDatabase;
  /**
   * One more app instance on the block's database, started now (inside a test: with an
   * environment of that test's own); added to `apps`, closed with them after the tests.
   */
  start(instance?: TestAppOptions): Promise<TestApp>;
}

/**
 * For the enclosing describe block: a database of its own and one app instance per entry of
 * `instances` on it (two stand for two app processes), started before its tests, closed and the
 * database dropped after them. The tests' one way to open apps: read `app` or `apps` inside the
 * tests (`[]` for none: the tests start theirs with `start`). `instances` may be a function,
 * called in beforeAll: for an environment that names what an earlier beforeAll started (a
 * stand-in Stripe, a directory). Jest runs a block's hooks in the order they are declared,
 * afterAll too: a beforeAll declared before this call runs before the apps start (what they
 * need), one declared after it can use them; an afterAll declared before it runs while they still
 * run (what uses them stops first), one declared after it once they are closed (a directory they
 * wrote to is removed then).
 */
export function appsOnOwnDatabase(
  instances: TestAppOptions[] | (() => TestAppOptions[]) = [{}],
): AppsOnOwnDatabase {
  const state: { apps: TestApp[]; database?: TestDatabase } = { apps: [] };
  beforeAll(async () => {
    state.database = await createTestDatabase();
    for (const instance of typeof instances === 'function' ? instances() : instances) {
      state.apps.push(await startTestApp(state.database.url, instance.env, instance.catalogue));
    }
  });
  afterAll(async () => {
    for (const app of state.apps) await app.close();
    await state.database?.drop();
  });
  return {
    apps: state.apps,
    get app(): TestApp {
      const [first] = state.apps;
      if (!first) throw new Error('The apps are started in beforeAll: read them in a test');
      return first;
    },
    get database(): TestDatabase {
      return opened(state.database);
    },
    async start(instance: TestAppOptions = {}): Promise<TestApp> {
      const app = await startTestApp(opened(state.database).url, instance.env, instance.catalogue);
      state.apps.push(app);
      return app;
    },
  };
}
