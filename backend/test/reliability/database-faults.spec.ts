import { testServerUrl, withServerClient } from '../database-server';
import { registrationBody, request, type JsonResponse } from '../http';
import { ADMIN_PASSWORD, login } from '../admin/admin-client';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { TcpProxy } from './tcp-proxy';

/**
 * The database failing as a network and an operator can make it fail: silent (connections open,
 * nothing answered), cut, and refusing connections (ALLOW_CONNECTIONS false). Every route family
 * answers 503 in the API's JSON shape with Retry-After within the app's own deadline, readiness
 * agrees, and service comes back by itself without a restart.
 */
const CONNECT_TIMEOUT_MS = 1000;
const QUERY_TIMEOUT_MS = 1500;
const METRICS_TOKEN = 'metrics-token-of-the-fault-test';
const DEADLINES = {
  DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
  DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
};
/** A route waits at most for a connection and then one statement; the rest is scheduling. */
const ANSWER_WITHIN_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1500;

interface Family {
  name: string;
  call(app: TestApp): Promise<JsonResponse>;
}

function families(registrationId: string, cookie: string): Family[] {
  return [
    { name: 'capacity', call: (app) => request(app.url, 'GET', '/api/capacity') },
    {
      name: 'registration read',
      call: (app) => request(app.url, 'GET', `/api/registrations/${registrationId}`),
    },
    {
      name: 'registration create',
      call: (app) => request(app.url, 'POST', '/api/create-checkout-session', registrationBody()),
    },
    {
      name: 'admin list',
      call: (app) => request(app.url, 'GET', '/api/admin/registrations', undefined, { cookie }),
    },
    {
      name: 'login',
      call: (app) => request(app.url, 'POST', '/api/admin/login', { password: ADMIN_PASSWORD }),
    },
    { name: 'readiness', call: (app) => request(app.url, 'GET', '/api/health/ready') },
  ];
}

interface Seen {
  family: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

async function callAll(app: TestApp, all: Family[]): Promise<Seen[]> {
  return Promise.all(
    all.map(async (family) => {
      const started = Date.now();
      const answer = await family.call(app);
      return {
        family: family.name,
        status: answer.status,
        ms: Date.now() - started,
        retryAfter: answer.headers.get('retry-after'),
        body: answer.body,
      };
    }),
  );
}

function expectUnavailable(seen: Seen[]): void {
  for (const answer of seen) {
    expect({ family: answer.family, status: answer.status }).toEqual({
      family: answer.family,
      status: 503,
    });
    expect(answer.ms).toBeLessThanOrEqual(ANSWER_WITHIN_MS);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.body).toEqual({
      statusCode: 503,
      // Readiness says the process is not ready; every other route that the database is away.
      code: answer.family === 'readiness' ? 'not-ready' : 'service-unavailable',
      message: expect.any(String),
      errors: expect.any(Array),
    });
  }
}

/** Asks every family until each answers as it does when all is well; the time it took. */
async function recovery(app: TestApp, all: Family[], since: number): Promise<number> {
  for (;;) {
    const seen = await callAll(app, all);
    if (seen.every((answer) => answer.status === 200 || answer.status === 201)) {
      return Date.now() - since;
    }
    if (Date.now() - since > 30_000) {
      throw new Error(`not recovered after 30 s: ${JSON.stringify(seen.map((s) => s.status))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const report: string[] = [];
afterAll(() => {
  if (report.length > 0) console.log(report.join('\n'));
});

function note(phase: string, seen: Seen[]): void {
  report.push(
    `${phase}: ${seen.map((answer) => `${answer.family} ${answer.status} in ${answer.ms} ms`).join(', ')}`,
  );
}

/** Every family answers as usual within 10 s of `since`; the time it took goes in the report. */
async function expectRecovery(app: TestApp, all: Family[], since: number, what: string) {
  const ms = await recovery(app, all, since);
  report.push(`recovered ${ms} ms after ${what}`);
  expect(ms).toBeLessThan(10_000);
}

/** Every family answers 503 as expectUnavailable() says; what they answered goes in the report. */
async function expectAllUnavailable(app: TestApp, all: Family[], phase: string) {
  const seen = await callAll(app, all);
  note(phase, seen);
  expectUnavailable(seen);
}

describe('PostgreSQL behind a network that stalls and then cuts', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: TestApp;
  let all: Family[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port) });
    app = await startTestApp(proxy.urlFor(database.url), {
      ...DEADLINES,
      METRICS_TOKEN: METRICS_TOKEN,
    });
    const created = await request<{ registrationId: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(),
    );
    expect(created.status).toBe(200);
    all = families(created.body.registrationId, await login(app.url));
  }, 60_000);

  afterAll(async () => {
    proxy?.heal();
    await app?.close();
    await proxy?.stop();
    await database?.drop();
  }, 60_000);

  it('answers every route as usual before the fault', async () => {
    const seen = await callAll(app, all);
    note('healthy', seen);
    expect(seen.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('answers 503 within the deadline on every route while nothing comes back', async () => {
    proxy.stall();
    // The capacity answer may come from memory for its last second: past that, it asks.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expectAllUnavailable(app, all, 'stalled');
    // Asked again while still stalled: the pool's connections are all in doubt by now.
    await expectAllUnavailable(app, all, 'stalled, again');
  }, 30_000);

  it('serves again without a restart once the network is back', async () => {
    const healedAt = Date.now();
    proxy.heal();
    await expectRecovery(app, all, healedAt, 'the stall ended');
  }, 40_000);

  it('opens new connections when the stalled ones never answer again', async () => {
    proxy.stall();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expectAllUnavailable(app, all, 'stalled, before the firewall forgets');
    // Every connection the pool holds is now open and silent for good: the app must give each
    // up at its deadline rather than queue the next statement behind the lost one.
    const forgottenAt = Date.now();
    proxy.forget();
    await expectRecovery(app, all, forgottenAt, 'the open connections went silent for good');
  }, 40_000);

  it('answers 503 fast when every connection is cut and new ones are refused', async () => {
    proxy.close();
    await expectAllUnavailable(app, all, 'cut');
    const healedAt = Date.now();
    proxy.heal();
    await expectRecovery(app, all, healedAt, 'the cut ended');

    // The operator sees both kinds of 503 counted.
    const scraped = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await scraped.text();
    const count = (reason: string) => {
      const series = `database_unavailable_answers_total{reason="${reason}"} `;
      const line = text.split('\n').find((candidate) => candidate.startsWith(series));
      return Number(line?.slice(series.length) ?? 0);
    };
    report.push(`503s counted: deadline ${count('deadline')}, connection ${count('connection')}`);
    expect(count('deadline')).toBeGreaterThanOrEqual(10);
    expect(count('connection')).toBeGreaterThanOrEqual(5);
  }, 40_000);
});

describe('PostgreSQL refusing connections (ALLOW_CONNECTIONS false)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let all: Family[];

  const allowConnections = (allow: boolean) =>
    withServerClient(testServerUrl(), async (client) => {
      await client.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS ${allow}`);
      if (!allow) {
        await client.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [database.name],
        );
      }
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, DEADLINES);
    const created = await request<{ registrationId: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(),
    );
    expect(created.status).toBe(200);
    all = families(created.body.registrationId, await login(app.url));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  }, 60_000);

  it('answers 503 on every route, as readiness does, and serves again once it accepts', async () => {
    await allowConnections(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expectAllUnavailable(app, all, 'ALLOW_CONNECTIONS false');
    await allowConnections(true);
    const allowedAt = Date.now();
    await expectRecovery(app, all, allowedAt, 'ALLOW_CONNECTIONS true');
  }, 40_000);
});
