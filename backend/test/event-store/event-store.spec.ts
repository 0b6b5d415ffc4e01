import { Pool } from 'pg';
import { appendToStream } from '../../src/event-store/append-to-stream';
import { ConcurrencyError } from '../../src/event-store/concurrency-error';
import type { NewEvent } from '../../src/event-store/event-store.types';
import { readAll, readAllInBatches } from '../../src/event-store/read-all';
import { readStream } from '../../src/event-store/read-stream';
import { upcast } from '../../src/event-store/upcasters';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';

/**
 * readAll shows an event once every transaction older than it has ended on the whole server,
 * and other test files run transactions in their own databases of the same server: wait.
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const fact = (type: string, data: Record<string, unknown> = {}): NewEvent => ({
  type,
  data,
  metadata: { actor: 'system' },
});

describe('event store', () => {
  let database: TestDatabase;
  let pool: Pool;

  // Declared before the database's own hooks: runs before it is dropped.
  afterAll(async () => {
    await pool?.end();
  });

  const opened = databaseOfItsOwn();

  beforeAll(async () => {
    database = opened.database;
    pool = new Pool({ connectionString: database.url, max: 25 });
    // An idle connection the server closes (a pg Pool emits that as 'error') is replaced on the
    // next query; without a listener it would crash the test run instead of failing a test.
    pool.on('error', (error) => console.warn(`idle connection closed: ${error.message}`));
  });

  const sql = {
    query: (text: string, params?: unknown[]) => pool.query(text, params).then((r) => r.rows),
  };

  it('appends at the expected version and reads the stream back in order', async () => {
    const first = await appendToStream(sql, 'stream-a', 0, [
      fact('Opened', { n: 1 }),
      fact('Moved', { n: 2 }),
    ]);
    expect(first.map((event) => event.streamVersion)).toEqual([1, 2]);
    await appendToStream(sql, 'stream-a', 2, [fact('Closed', { n: 3 })]);
    const events = await readStream(sql, 'stream-a');
    expect(events.map((event) => [event.type, event.streamVersion, event.data])).toEqual([
      ['Opened', 1, { n: 1 }],
      ['Moved', 2, { n: 2 }],
      ['Closed', 3, { n: 3 }],
    ]);
    expect(events[0].metadata).toEqual({ actor: 'system' });
    expect(events[0].recordedAt).toBeInstanceOf(Date);
    expect(await readStream(sql, 'stream-nobody-wrote')).toEqual([]);
  });

  it('refuses an append at a stale or future version', async () => {
    await appendToStream(sql, 'stream-b', 0, [fact('Opened')]);
    await expect(appendToStream(sql, 'stream-b', 0, [fact('Again')])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    await expect(appendToStream(sql, 'stream-b', 5, [fact('Later')])).rejects.toBeInstanceOf(
      ConcurrencyError,
    );
    expect((await readStream(sql, 'stream-b')).length).toBe(1);
  });

  it('lets exactly one of two writers expecting the same version win', async () => {
    for (let round = 0; round < 20; round += 1) {
      const stream = `race-${round}`;
      await appendToStream(sql, stream, 0, [fact('Opened')]);
      const results = await Promise.allSettled([
        appendToStream(sql, stream, 1, [fact('WriterA')]),
        appendToStream(sql, stream, 1, [fact('WriterB')]),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
      expect((await readStream(sql, stream)).map((event) => event.streamVersion)).toEqual([1, 2]);
    }
  });

  it('lands 1,000 appends from 20 concurrent clients with distinct positions', async () => {
    const [{ max }] = await sql.query(
      'SELECT coalesce(max(global_position), 0)::int AS max FROM events',
    );
    await Promise.all(
      Array.from({ length: 20 }, async (_, client) => {
        for (let index = 0; index < 50; index += 1) {
          await appendToStream(sql, `load-${client}-${index}`, 0, [
            fact('Appended', { client, index }),
          ]);
        }
      }),
    );
    const appended = await eventually(
      async () => {
        const all = [];
        for await (const batch of readAllInBatches(sql, max, 128)) all.push(...batch);
        return all;
      },
      (all) => all.length >= 1000,
    );
    expect(appended).toHaveLength(1000);
    const positions = appended.map((event) => event.globalPosition);
    expect(new Set(positions).size).toBe(1000);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(appended.map((event) => event.streamId)).size).toBe(1000);
  });

  it('does not show an event before every lower position is committed', async () => {
    const [{ max }] = await sql.query(
      'SELECT coalesce(max(global_position), 0)::int AS max FROM events',
    );
    const slow = await pool.connect();
    try {
      await slow.query('BEGIN');
      await appendToStream({ query: (t, p) => slow.query(t, p).then((r) => r.rows) }, 'slow', 0, [
        fact('Slow'),
      ]);
      await appendToStream(sql, 'fast', 0, [fact('Fast')]);
      // The fast event has the higher position but the slow transaction is still open.
      expect(await readAll(sql, max, 100)).toEqual([]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const visible = await eventually(
      () => readAll(sql, max, 100),
      (events) => events.length >= 2,
    );
    expect(visible.map((event) => event.type)).toEqual(['Slow', 'Fast']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the events table', async () => {
    await appendToStream(sql, 'stream-c', 0, [fact('Opened')]);
    await expect(
      sql.query(`UPDATE events SET type = 'Forged' WHERE stream_id = 'stream-c'`),
    ).rejects.toThrow(/append-only/);
    await expect(sql.query(`DELETE FROM events WHERE stream_id = 'stream-c'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql.query('TRUNCATE events')).rejects.toThrow(/append-only/);
    expect((await readStream(sql, 'stream-c'))[0].type).toBe('Opened');
  });

  it('reads an old schema version as stored, and its upcasters bring it up to date', async () => {
    await appendToStream(sql, 'stream-d', 0, [fact('Renamed', { name: 'Ada' })]);
    const [stored] = await readStream(sql, 'stream-d');
    expect(stored).toMatchObject({ schemaVersion: 1, data: { name: 'Ada' } });
    const event = upcast(stored, { Renamed: [(data) => ({ fullName: data.name })] });
    expect(event.schemaVersion).toBe(2);
    expect(event.data).toEqual({ fullName: 'Ada' });
  });

  it("gives an event's time as the Date of its whole milliseconds, the same on append and on read", async () => {
    const [appended] = await appendToStream(sql, 'stream-e', 0, [fact('Opened')]);
    const [read] = await readStream(sql, 'stream-e');
    expect(read.recordedAt).toBeInstanceOf(Date);
    expect(read.recordedAt.getTime()).toBe(appended.recordedAt.getTime());
    const [{ stored }] = (await sql.query(
      `SELECT to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS stored
         FROM events WHERE stream_id = 'stream-e'`,
    )) as { stored: string }[];
    expect(read.recordedAt.toISOString()).toBe(stored);
    // A fraction that is not a whole number in binary, the microseconds cut off, no fraction,
    // and a time before the epoch.
    const times = [
      '2026-11-29 18:30:24.57+00',
      '2026-11-29 18:30:24.999999+00',
      '2026-11-29 18:30:24+00',
      '1969-12-31 23:59:59.5+00',
    ];
    for (const [index, time] of times.entries()) {
      await sql.query(
        `INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at)
         VALUES ('stream-f', $1, 'Timed', '{}', '{"actor":"system"}', $2)`,
        [index + 1, time],
      );
    }
    const timed = await readStream(sql, 'stream-f');
    expect(timed.map((event) => event.recordedAt.toISOString())).toEqual([
      '2026-11-29T18:30:24.570Z',
      '2026-11-29T18:30:24.999Z',
      '2026-11-29T18:30:24.000Z',
      '1969-12-31T23:59:59.500Z',
    ]);
  });
});
