import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { KEPT_LOG_DIR, settlePostgresLog } from '../postgres-log';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp } from '../test-app';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PostgresLogReporter = require('../postgres-log-reporter.js') as new () => {
  onRunComplete(contexts: unknown, results: Record<string, unknown>): void;
};

const KEPT = KEPT_LOG_DIR;

/** What a failed run leaves to diagnose it: the server's log, and connections that say whose they are. */
describe('the test harness', () => {
  describe('keeps the PostgreSQL log of a failed run, and only of a failed run', () => {
    const keptBefore = () => (existsSync(KEPT) ? readdirSync(KEPT) : []);
    let before: string[];
    let logDir: string;

    let log: { file: string; stream: ReturnType<typeof createWriteStream> };

    beforeEach(() => {
      before = keptBefore();
      logDir = mkdtempSync(path.join(tmpdir(), 'ticketing-test-log-'));
      const file = path.join(logDir, 'postgres.log');
      const stream = createWriteStream(file);
      stream.write(
        '2026-01-01 00:00:00.000 UTC [42] ticketing@test_x 57P01 FATAL:  terminating connection\n',
      );
      log = { file, stream };
    });

    afterEach(() => {
      for (const file of keptBefore().filter((name) => !before.includes(name))) {
        rmSync(path.join(KEPT, file));
      }
    });

    /** What global-teardown does with the reporter's verdict (the reporter sets a global). */
    const finish = async (results: Record<string, unknown>) => {
      const saved = globalThis.__testRunFailed;
      // A run with KEEP_POSTGRES_LOG=1 keeps every log; these cases are about the verdict.
      const keep = process.env.KEEP_POSTGRES_LOG;
      delete process.env.KEEP_POSTGRES_LOG;
      try {
        new PostgresLogReporter().onRunComplete([], results);
        return await settlePostgresLog(log, globalThis.__testRunFailed === true);
      } finally {
        globalThis.__testRunFailed = saved;
        if (keep !== undefined) process.env.KEEP_POSTGRES_LOG = keep;
      }
    };

    it('copies it under backend/test-results when a test failed', async () => {
      await finish({ numFailedTests: 1, numFailedTestSuites: 1, numRuntimeErrorTestSuites: 0 });
      const kept = keptBefore().filter((name) => !before.includes(name));
      expect(kept).toEqual([expect.stringMatching(/^postgres-.*\.log$/)]);
      expect(readFileSync(path.join(KEPT, kept[0]), 'utf8')).toContain('57P01 FATAL');
      expect(existsSync(logDir)).toBe(false);
    });

    it('keeps it when a test file could not even run', async () => {
      await finish({ numFailedTests: 0, numFailedTestSuites: 0, numRuntimeErrorTestSuites: 1 });
      expect(keptBefore().filter((name) => !before.includes(name))).toHaveLength(1);
    });

    it('throws it away after a run that passed', async () => {
      await finish({ numFailedTests: 0, numFailedTestSuites: 0, numRuntimeErrorTestSuites: 0 });
      expect(keptBefore().filter((name) => !before.includes(name))).toEqual([]);
      expect(existsSync(logDir)).toBe(false);
    });
  });

  describe('names every connection', () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await database?.drop();
    });

    it('puts the test file in the database name and in the name of unnamed connections', async () => {
      expect(database.name).toMatch(/^test_postgres_log_/);
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>(
          `SELECT current_setting('application_name') AS name`,
        );
        expect(rows[0].name).toBe('test:postgres_log');
      } finally {
        await client.end();
      }
    });

    it('leaves the app its own names (ticketing, ticketing-capacity-listener)', async () => {
      const app = await startTestApp(database.url);
      try {
        await fetch(`${app.url}/api/capacity`);
        const rows: { name: string }[] = await app.dataSource.query(
          `SELECT DISTINCT application_name AS name FROM pg_stat_activity
            WHERE datname = current_database() ORDER BY 1`,
        );
        const names = rows.map((row) => row.name);
        expect(names).toContain('ticketing');
        expect(names).toContain('ticketing-capacity-listener');
        expect(names).not.toContain('');
      } finally {
        await app.close();
      }
    });
  });
});
