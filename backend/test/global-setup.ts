import { createWriteStream, mkdtempSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createDataSource, runMigrations } from '../src/database/data-source';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/database/embedded-database';
import { databaseUrl, uniqueDatabaseName, withServerClient } from './database-server';

declare global {
  var __embeddedTestDatabase: EmbeddedDatabase | undefined;
  /** The embedded server's log of this run: kept when a test fails (see global-teardown). */
  var __testPostgresLog: { file: string; stream: WriteStream } | undefined;
  var __testTemplateDatabase: { serverUrl: string; name: string } | undefined;
}

/**
 * One PostgreSQL for the whole run: embedded, or the server DATABASE_URL names. Every test file
 * gets its own database, copied from a template that has the migrations applied.
 */
export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketing-test-'));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ticketing-test-log-')), 'postgres.log');
    const stream = createWriteStream(file);
    globalThis.__testPostgresLog = { file, stream };
    const embedded = await startEmbeddedDatabase(dataDir, {
      database: 'postgres',
      temporary: true,
      log: (line) => stream.write(`${line}\n`),
      // Each line says which connection (application_name) of which test database (%d, named
      // after its test file) it is about, and its SQLSTATE; DDL (CREATE and DROP DATABASE) is
      // logged, so a terminated connection can be matched with the statement that ended it.
      postgresFlags: ['-c', 'log_line_prefix=%m [%p] %a@%d %e ', '-c', 'log_statement=ddl'],
    });
    globalThis.__embeddedTestDatabase = embedded;
    serverUrl = embedded.url;
  }
  const template = uniqueDatabaseName('test_template');
  await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${template}"`));
  const dataSource = createDataSource(databaseUrl(serverUrl, template), { poolSize: 2 });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
  globalThis.__testTemplateDatabase = { serverUrl, name: template };
  process.env.TEST_DATABASE_SERVER_URL = serverUrl;
  process.env.TEST_TEMPLATE_DATABASE = template;
}
