import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import {
  databaseUrl,
  testServerUrl,
  uniqueDatabaseName,
  withServerClient,
} from '../database-server';
import { registrationBody, request } from '../http';
import { snapshotReadModels } from '../read-models';
import { compatiblePgDump, serverMajorVersion } from '../../src/backup/pg-dump-backup';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { testTourFile } from '../test-tour';

const run = promisify(execFile);
const CLI = path.join(__dirname, '..', '..', 'dist', 'cli');

/** Runs one of the built CLIs (`make backup` / `make restore` run the same files). */
async function cli(name: 'backup' | 'restore', env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(CLI, `${name}.js`)], {
      // The tour the app ran with, as a deployment's restore has it too.
      env: { ...process.env, NODE_ENV: 'test', TOUR_FILE: testTourFile(), ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('make backup and make restore', () => {
  const serverUrl = testServerUrl();
  const workDir = mkdtempSync(path.join(tmpdir(), 'ticketing-backup-'));
  const backupFile = path.join(workDir, 'nested', 'tickets.dump');
  const targetName = uniqueDatabaseName('test_restore');
  const targetUrl = databaseUrl(serverUrl, targetName);
  let source: TestDatabase;
  let app: TestApp;
  const ids: string[] = [];

  beforeAll(async () => {
    source = await createTestDatabase();
    app = await startTestApp(source.url);
    // 22 visitors for 20 seats: holds, a waiting list, and a shared dream.
    for (let index = 0; index < 22; index += 1) {
      const created = await request<{ registrationId: string }>(
        app.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ email: `backup.${index}@example.com`, name: `Visitor ${index}` }),
      );
      expect(created.status).toBe(200);
      ids.push(created.body.registrationId);
    }
    const shared = await request(app.url, 'POST', `/api/registrations/${ids[0]}/dreams`, {
      dream:
        'A second dream, shared after registering: a lighthouse that blinked in Morse code all night long.',
    });
    expect(shared.status).toBeLessThan(300);
    // A fresh, empty database to restore into: no template, no migrations.
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${targetName}"`));
  });

  afterAll(async () => {
    await app?.close();
    await source?.drop();
    await withServerClient(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${targetName}" WITH (FORCE)`),
    );
    rmSync(workDir, { recursive: true, force: true });
  });

  it('backs up every table, with our own format when no pg_dump can read the server', async () => {
    const backup = await cli('backup', {
      DATABASE_URL: source.url,
      BACKUP_FILE: backupFile,
      BACKUP_TOOL: 'logical',
    });
    expect(backup.output).toMatch(
      /Backup written to .*tickets\.dump with logical \(\d+ tables, \d+ rows\)/,
    );
    expect(backup.code).toBe(0);
    expect(statSync(backupFile).mode & 0o077).toBe(0);
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]) as { format: string; migrations: string[] };
    expect(header.format).toBe('dream-darkroom-logical-backup');
    const tables = lines
      .map((line) => JSON.parse(line) as { table?: string; rows?: number })
      .filter((line) => line.table && line.rows !== undefined && Object.keys(line).length === 3)
      .map((line) => line.table);
    expect(tables).toEqual(expect.arrayContaining(['events', 'personal_data_keys', 'outbox']));
    // The read models are rebuilt on restore, not copied: personal data stays sealed in the
    // file, as in the event log.
    expect(tables).not.toContain('registration_view');
    expect(lines.join('\n')).not.toContain('backup.3@example.com');
  });

  it('restores into a fresh database: the same registrations, read models rebuilt from the events', async () => {
    const restore = await cli('restore', { DATABASE_URL: targetUrl, BACKUP_FILE: backupFile });
    expect(restore.output).toMatch(/Restored .* \(logical\); read models rebuilt from \d+ events/);
    expect(restore.code).toBe(0);

    const restored = await startTestApp(targetUrl);
    try {
      expect(await snapshotReadModels(restored.dataSource)).toEqual(
        await snapshotReadModels(app.dataSource),
      );
      const sourceEvents = await app.dataSource.query(
        'SELECT global_position, stream_id, stream_version, type, data, metadata, recorded_at FROM events ORDER BY global_position',
      );
      expect(
        await restored.dataSource.query(
          'SELECT global_position, stream_id, stream_version, type, data, metadata, recorded_at FROM events ORDER BY global_position',
        ),
      ).toEqual(sourceEvents);
      expect(sourceEvents.length).toBeGreaterThan(22);

      for (const id of ids) {
        const [before, after] = await Promise.all([
          request(app.url, 'GET', `/api/registrations/${id}`),
          request(restored.url, 'GET', `/api/registrations/${id}`),
        ]);
        expect(after.status).toBe(200);
        expect(after.body).toEqual(before.body);
      }
      expect((await request(restored.url, 'GET', '/api/capacity')).body).toEqual(
        (await request(app.url, 'GET', '/api/capacity')).body,
      );

      // Life goes on: a new registration takes the next position and is a duplicate-checked
      // one (backup.21 is on the waiting list; a held seat would offer its payment again).
      const again = await request(
        restored.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ email: 'backup.21@example.com' }),
      );
      expect(again.status).toBe(409);
      const fresh = await request<{ registrationId: string; waitingList?: boolean }>(
        restored.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ email: 'after.restore@example.com' }),
      );
      expect(fresh.status).toBe(200);
      expect(fresh.body.waitingList).toBe(true);
      const [{ max }] = await restored.dataSource.query(
        'SELECT max(global_position)::int AS max FROM events',
      );
      expect(max).toBeGreaterThan(sourceEvents.length);

      // The event log is still append-only.
      await expect(restored.dataSource.query('DELETE FROM events')).rejects.toThrow(/append-only/);
      await expect(restored.dataSource.query(`UPDATE events SET type = 'x'`)).rejects.toThrow(
        /append-only/,
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore over a database that already has events', async () => {
    const restore = await cli('restore', { DATABASE_URL: source.url, BACKUP_FILE: backupFile });
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/already has events: restore into a fresh database/);
  });

  it('refuses a file that is not a backup, and asks for BACKUP_FILE', async () => {
    const notABackup = path.join(workDir, 'not-a-backup.dump');
    writeFileSync(notABackup, 'hello');
    const wrong = await cli('restore', { DATABASE_URL: targetUrl, BACKUP_FILE: notABackup });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/is not a backup made by `make backup`/);
    const missing = await cli('restore', { DATABASE_URL: targetUrl, BACKUP_FILE: '' });
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/Name the backup: make restore BACKUP_FILE=/);
  });

  it('picks pg_dump by itself when the one on PATH can read the server, and restores either kind', async () => {
    const major = await withServerClient(serverUrl, (client) => serverMajorVersion(client));
    const expected = (await compatiblePgDump(major)) ? 'pg_dump' : 'logical';
    const file = path.join(workDir, 'auto.dump');
    const backup = await cli('backup', {
      DATABASE_URL: source.url,
      BACKUP_FILE: file,
      BACKUP_TOOL: '',
    });
    expect(backup.code).toBe(0);
    expect(backup.output).toContain(`with ${expected}`);

    const name = uniqueDatabaseName('test_restore_auto');
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    try {
      const restore = await cli('restore', {
        DATABASE_URL: databaseUrl(serverUrl, name),
        BACKUP_FILE: file,
      });
      expect(restore.output).toContain(`(${expected})`);
      expect(restore.code).toBe(0);
      const restored = await startTestApp(databaseUrl(serverUrl, name));
      try {
        expect(await snapshotReadModels(restored.dataSource)).toEqual(
          await snapshotReadModels(app.dataSource),
        );
      } finally {
        await restored.close();
      }
    } finally {
      await withServerClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });
});
