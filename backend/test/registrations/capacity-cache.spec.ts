import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { EventBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { RegistrationEventsRecorded } from '../../src/registrations/registration-events-recorded';
import { CapacityCache } from '../../src/seat-ledger/capacity-cache';
import { CapacityChangeListener } from '../../src/seat-ledger/capacity-change-listener';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { LiveTour } from '../../src/tour/live-tour';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';

type Capacity = Record<string, Record<string, Record<string, number | string>>>;

async function registered(app: TestApp): Promise<number> {
  const answer = await request<Capacity>(app.url, 'GET', '/api/capacity');
  expect(answer.status).toBe(200);
  return answer.body.bucharest[OPEN_SLOT].registered as number;
}

/** Polls until `read` gives `expected`, for at most `ms`; answers what it saw last. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms = 2000): Promise<T> {
  const deadline = Date.now() + ms;
  let seen = await read();
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await read();
  }
  return seen;
}

async function register(app: TestApp): Promise<void> {
  const response = await request(
    app.url,
    'POST',
    '/api/create-checkout-session',
    registrationBody(),
  );
  expect(response.status).toBe(200);
}

describe('the capacity cache', () => {
  let a: TestApp;
  let b: TestApp;

  const opened = appsOnOwnDatabase([{}, {}]);

  beforeAll(() => {
    [a, b] = opened.apps;
    // Only invalidation may keep the answers right: no expiry during these tests.
    for (const app of [a, b]) app.app.get(CapacityCache).maxAgeMs = 60_000;
  });

  it('serves from memory, with the headers and bytes of the Nest route', async () => {
    const cache = a.app.get(CapacityCache);
    cache.invalidate();
    expect(cache.fresh()).toBeUndefined();
    const fromNest = await fetch(`${a.url}/api/capacity`);
    const nestBody = await fromNest.text();
    expect(cache.fresh()).toBeDefined();
    const fromMemory = await fetch(`${a.url}/api/capacity`, {
      headers: { 'x-request-id': 'poll-1' },
    });
    expect(await fromMemory.text()).toBe(nestBody);
    expect(fromMemory.status).toBe(fromNest.status);
    expect(fromMemory.headers.get('x-request-id')).toBe('poll-1');
    const comparable = (headers: Headers) =>
      Object.fromEntries(
        [...headers.entries()].filter(([name]) => !['date', 'x-request-id'].includes(name)),
      );
    expect(comparable(fromMemory.headers)).toEqual(comparable(fromNest.headers));
    // Browsers keep it but ask again each time, with the ETag they hold.
    expect(fromMemory.headers.get('cache-control')).toBe('no-cache');
    expect(fromMemory.headers.get('etag')).toBe(fromNest.headers.get('etag'));
  });

  it('answers 304 without a body to a poll holding the current ETag, warm or cold', async () => {
    // As a browser's cache revalidates a `no-cache` answer: If-None-Match alone. (fetch() given
    // that header by hand adds Cache-Control: no-cache, a reload that is always answered 200.)
    const poll = (etag?: string) =>
      new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>(
        (resolve, reject) => {
          const request = httpGet(
            `${a.url}/api/capacity`,
            { headers: etag ? { 'if-none-match': etag } : {} },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
              response.on('end', () =>
                resolve({ status: response.statusCode!, body, headers: response.headers }),
              );
            },
          );
          request.on('error', reject);
        },
      );
    const cache = a.app.get(CapacityCache);
    const current = await poll();
    const etag = current.headers.etag!;
    expect(etag).toBeTruthy();
    expect(current.headers['cache-control']).toBe('no-cache');
    for (const warm of [true, false]) {
      if (!warm) cache.invalidate();
      const unchanged = await poll(etag);
      expect(unchanged.status).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.headers['cache-control']).toBe('no-cache');
    }
    expect((await poll('W/"another"')).status).toBe(200);
    // A change gives a new ETag: the same poll then gets the new figures.
    await register(a);
    const changed = await poll(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('shows a registration at once in its own process and soon in the other', async () => {
    const before = await registered(a);
    expect(await registered(b)).toBe(before);
    // Both caches are warm: the next answers come from memory (once the notice of the test
    // before, which may still be on its way on a busy machine, has emptied them).
    const warm = async () => {
      await registered(a);
      await registered(b);
      return Boolean(a.app.get(CapacityCache).fresh() && b.app.get(CapacityCache).fresh());
    };
    expect(await eventually(warm, true)).toBe(true);

    await register(a);
    expect(await registered(a)).toBe(before + 1);
    expect(await eventually(() => registered(b), before + 1)).toBe(before + 1);

    await register(b);
    expect(await registered(b)).toBe(before + 2);
    expect(await eventually(() => registered(a), before + 2)).toBe(before + 2);
  });

  it('is dropped synchronously when a registration transaction is published', async () => {
    await registered(a);
    const cache = a.app.get(CapacityCache);
    expect(cache.fresh()).toBeDefined();
    a.app.get(EventBus).publish(new RegistrationEventsRecorded([]));
    expect(cache.fresh()).toBeUndefined();
  });

  it('does not see a change made without a notification until invalidated', async () => {
    // What the cache serves is memory: a change the trigger does not announce stays unseen.
    const before = await registered(a);
    await silently(
      `UPDATE slot_capacity SET held = held + 5, seats_taken = seats_taken + 5 WHERE event = 'bucharest' AND time = $1`,
    );
    expect(await registered(a)).toBe(before);
    a.app.get(CapacityCache).invalidate();
    b.app.get(CapacityCache).invalidate();
    expect(await registered(a)).toBe(before + 5);
    expect(await registered(b)).toBe(before + 5);

    // A rebuild puts the rows back from the events, and every process hears of it.
    await rebuildProjections(a.dataSource, LiveTour.load(a.config.tourFile));
    expect(await eventually(() => registered(a), before)).toBe(before);
    expect(await eventually(() => registered(b), before)).toBe(before);
  });

  it('switches itself off when its connection is lost, and back on once listening again', async () => {
    const listener = b.app.get(CapacityChangeListener);
    const connections = listener.connections;
    expect(listener.listening).toBe(true);
    expect(await servedFromMemory(b)).toBe(true);

    // What a database restart does to the listening connection.
    const killed = await onDatabase((client) =>
      client.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'ticketing-capacity-listener'
            AND pid <> pg_backend_pid()`,
      ),
    );
    expect(killed.rowCount).toBe(2);
    // Reconnected, and LISTEN in place again (the count moves when the connection opens, a
    // moment before LISTEN has answered).
    const deadline = Date.now() + 5000;
    while ((listener.connections === connections || !listener.listening) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(listener.connections).toBe(connections + 1);
    expect(listener.listening).toBe(true);

    // Listening again: a registration through A reaches B's cache.
    expect(await servedFromMemory(b)).toBe(true);
    const before = await registered(b);
    await register(a);
    expect(await eventually(() => registered(b), before + 1)).toBe(before + 1);
  });

  it('serves from the database while the listener is down', async () => {
    const cache = b.app.get(CapacityCache);
    cache.setListening(false);
    try {
      const before = await registered(b);
      expect(cache.fresh()).toBeUndefined();
      await register(a);
      expect(await registered(b)).toBe(before + 1);
    } finally {
      cache.setListening(true);
    }
  });

  /**
   * Whether B comes to serve capacity from memory after a read: a notification of an earlier
   * write that arrives just after the read drops the answer again, so reads are repeated for up
   * to 2 s.
   */
  async function servedFromMemory(app: TestApp): Promise<boolean> {
    const deadline = Date.now() + 2000;
    do {
      await registered(app);
      if (app.app.get(CapacityCache).fresh() !== undefined) return true;
    } while (Date.now() < deadline);
    return false;
  }

  async function onDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: opened.database.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** A change to slot_capacity with triggers off: no NOTIFY reaches anyone. */
  function silently(sql: string): Promise<unknown> {
    return onDatabase(async (client) => {
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(sql, [OPEN_SLOT]);
      await client.query('COMMIT');
    });
  }
});
