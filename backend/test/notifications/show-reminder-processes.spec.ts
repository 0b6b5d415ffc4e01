import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { OPEN_SLOT, payInSandbox, registrationBody, request } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { testTour } from '../test-tour';
import { waitFor } from '../wait-for';

/**
 * Two server processes (backend/dist/main.js) with their workers on, on one database, writing
 * their mail as .eml files into one directory, and one of them restarted between two bookings:
 * each booking of a slot starting within REMINDER_HOURS_BEFORE gets its reminder once.
 */
describe("the show's reminder across two processes and a restart", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'reminder-processes-'));
  const tourFile = path.join(dir, 'tour.json');
  let database: TestDatabase;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    const tour = testTour();
    const slot = tour.events
      .find((event) => event.slug === 'bucharest')!
      .slots.find((candidate) => candidate.time === OPEN_SLOT)!;
    // Within the default 24 hours: the reminder is due as soon as the seat is paid.
    slot.startsAt = new Date(Date.now() + 5 * 3_600_000).toISOString();
    writeFileSync(tourFile, JSON.stringify(tour));
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const process of processes) {
      if (process.child.exitCode === null) await process.stop('SIGKILL');
    }
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (): Promise<ServerProcess> => {
    const started = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: path.join(dir, 'data'),
      TOUR_FILE: tourFile,
      WORKERS: 'true',
    });
    processes.push(started);
    return started;
  };

  /** The reminders written as .eml files, by recipient. */
  function remindersTo(email: string): number {
    const outbox = path.join(dir, 'data', 'outbox');
    let names: string[];
    try {
      names = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      return 0;
    }
    return names.filter((name) => {
      const mail = readFileSync(path.join(outbox, name), 'utf8');
      return mail.includes(email) && /^Subject: See you soon in the dark/m.test(mail);
    }).length;
  }

  async function seat(on: ServerProcess, email: string): Promise<string> {
    const created = await request<{ registrationId: string; url: string }>(
      on.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody({ email }),
    );
    expect(created.status).toBe(200);
    expect((await payInSandbox(created.body.url)).status).toBe(303);
    return created.body.registrationId;
  }

  async function reminderRows(id: string) {
    const { Client } = await import('pg');
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ sent: boolean; cancelled: boolean }>(
        `SELECT sent_at IS NOT NULL AS sent, cancelled_at IS NOT NULL AS cancelled
           FROM outbox WHERE kind = 'show-reminder' AND registration_id = $1`,
        [id],
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  it('sends each booking its reminder once', async () => {
    const first = await start();
    const second = await start();
    const ana = `ana.${Date.now()}@example.com`;
    const anaId = await seat(first, ana);
    await waitFor(async () => (remindersTo(ana) > 0 ? true : undefined), 30_000, "Ana's reminder");

    // One process restarts (its planner and outbox worker start again), the other keeps going.
    expect(await first.stop('SIGTERM')).toBe(0);
    const restarted = await start();
    const ion = `ion.${Date.now()}@example.com`;
    const ionId = await seat(second, ion);
    await waitFor(async () => (remindersTo(ion) > 0 ? true : undefined), 30_000, "Ion's reminder");
    // A booking through the restarted process too.
    const eva = `eva.${Date.now()}@example.com`;
    const evaId = await seat(restarted, eva);
    await waitFor(async () => (remindersTo(eva) > 0 ? true : undefined), 30_000, "Eva's reminder");

    for (const [id, email] of [
      [anaId, ana],
      [ionId, ion],
      [evaId, eva],
    ]) {
      // One reminder standing, sent: none other can be queued for that start (the unique index).
      expect(await reminderRows(id)).toEqual([{ sent: true, cancelled: false }]);
      expect(remindersTo(email)).toBe(1);
    }
  }, 180_000);
});
