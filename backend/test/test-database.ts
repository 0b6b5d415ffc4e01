import * as path from 'node:path';
import {
  databaseUrl,
  testServerUrl,
  uniqueDatabaseName,
  withServerClient,
} from './database-server';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The running test file's name, as a database name's part: `outage` for outage.spec.ts. */
function testFileSlug(): string {
  const testPath = typeof expect === 'function' ? expect.getState().testPath : undefined;
  const base = testPath ? path.basename(testPath).replace(/\.spec\.ts$/, '') : 'unknown';
  return base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 32);
}

/**
 * A fresh database with every migration applied, copied from the run's template. Its name
 * holds the test file's (the server log's %d), and connections that name themselves nothing are
 * named after the file too (fallback_application_name: the app's own names win).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!template) throw new Error('TEST_TEMPLATE_DATABASE is not set: run the tests through jest');
  const slug = testFileSlug();
  const name = uniqueDatabaseName(`test_${slug}`);
  await withServerClient(serverUrl, async (client) => {
    // Two workers copying the template at the same instant may collide; try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  const url = new URL(databaseUrl(serverUrl, name));
  url.searchParams.set('fallback_application_name', `test:${slug}`);
  return {
    name,
    url: url.toString(),
    drop: () =>
      withServerClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      ).then(() => undefined),
  };
}

/** `database` once its beforeAll has opened it. */
export function opened(database: TestDatabase | undefined): TestDatabase {
  if (!database) throw new Error('The database is opened in beforeAll: read it in a test');
  return database;
}

/**
 * For the enclosing describe block: a database of its own, dropped after its tests. The tests'
 * one way to open a database: read `database` inside the tests.
 */
export function databaseOfItsOwn(): { readonly database: TestDatabase } {
  const state: { database?: TestDatabase } = {};
  beforeAll(async () => {
    state.database = await createTestDatabase();
  });
  afterAll(async () => {
    await state.database?.drop();
  });
  return {
    get database(): TestDatabase {
      return opened(state.database);
    },
  };
}
