import { withServerClient } from './database-server';

export default async function globalTeardown(): Promise<void> {
  const template = globalThis.__testTemplateDatabase;
  if (template && !globalThis.__embeddedTestDatabase) {
    // On a shared server, leave nothing behind; test files drop their own databases.
    await withServerClient(template.serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${template.name}" WITH (FORCE)`),
    );
  }
  await globalThis.__embeddedTestDatabase?.stop();
}
