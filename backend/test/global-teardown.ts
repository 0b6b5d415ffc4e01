import { withServerClient } from './database-server';
import { settlePostgresLog } from './postgres-log';

declare global {
  /** Set by the postgres-log reporter when a test or a test file failed. */
  var __testRunFailed: boolean | undefined;
}

export default async function globalTeardown(): Promise<void> {
  const template = globalThis.__testTemplateDatabase;
  if (template && !globalThis.__embeddedTestDatabase) {
    // On a shared server, leave nothing behind; test files drop their own databases.
    await withServerClient(template.serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${template.name}" WITH (FORCE)`),
    );
  }
  await globalThis.__embeddedTestDatabase?.stop();
  const log = globalThis.__testPostgresLog;
  if (log) await settlePostgresLog(log, globalThis.__testRunFailed === true);
}
