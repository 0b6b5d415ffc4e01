import { Client } from 'pg';
import {
  databaseUrl,
  testServerUrl,
  uniqueDatabaseName,
  withServerClient,
} from '../database-server';
import { registrationBody } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { migrations } from '../../src/database/migrations';
import { requestFrom } from './client';
import { startReverseProxy, type ReverseProxy } from './reverse-proxy';

/**
 * Two real app processes on one fresh database behind a round-robin proxy, as
 * docker-compose.yml runs them: they boot together (migrations under an advisory lock), share
 * every answer through PostgreSQL, and count the registration rate limit fleet-wide.
 */
describe('two app processes behind a reverse proxy', () => {
  const serverUrl = testServerUrl();
  const name = uniqueDatabaseName('test_fleet');
  const url = databaseUrl(serverUrl, name);
  let replicas: ServerProcess[] = [];
  let proxy: ReverseProxy;

  beforeAll(async () => {
    // An empty database: no template, so both processes race to migrate it.
    await withServerClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
    const env = {
      DATABASE_URL: url,
      TRUST_PROXY: 'loopback',
      REGISTRATION_RATE_LIMIT: '3',
      LOG_LEVEL: 'warn',
    };
    replicas = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    proxy = await startReverseProxy(replicas.map((replica) => replica.url));
  });

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    await withServerClient(serverUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  });

  it('both boot at once on a fresh database and apply each migration exactly once', async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT name FROM migrations ORDER BY id',
      );
      expect(rows.map((row) => row.name)).toEqual(migrations.map((migration) => migration.name));
    } finally {
      await client.end();
    }
    for (const replica of replicas) {
      const ready = await requestFrom('127.0.0.1', replica.url, 'GET', '/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ok',
        checks: { database: { status: 'up' }, migrations: { status: 'up' } },
      });
    }
  });

  it('serves through both replicas and answers the same from either', async () => {
    const before = new Map(proxy.served);
    // 24 visitors register through the proxy, each from its own address; the slot has 20 seats.
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        requestFrom(
          `127.0.1.${index + 1}`,
          proxy.url,
          'POST',
          '/api/create-checkout-session',
          registrationBody({ email: `fleet.${index}@example.com` }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const held = answers.filter((answer) => typeof answer.body.url === 'string');
    const waiting = answers.filter((answer) => answer.body.waitingList === true);
    expect([held.length, waiting.length]).toEqual([20, 4]);
    for (const [upstream, count] of proxy.served) {
      expect({ upstream, served: count - (before.get(upstream) ?? 0) }).toEqual({
        upstream,
        served: 12,
      });
    }

    // Each replica, asked directly, knows every registration and the same capacity.
    const capacities = await Promise.all(
      replicas.map((replica) => requestFrom('127.0.0.1', replica.url, 'GET', '/api/capacity')),
    );
    expect(capacities[0].body).toEqual(capacities[1].body);
    const slot = (capacities[0].body.bucharest as Record<string, Record<string, number>>)[
      'Oct 30 - 7:30pm'
    ];
    expect(slot).toMatchObject({ registered: 20, waitingList: 4, available: 0, limit: 20 });
    for (const answer of answers) {
      const id = String(answer.body.registrationId);
      const [first, second] = await Promise.all(
        replicas.map((replica) =>
          requestFrom('127.0.0.1', replica.url, 'GET', `/api/registrations/${id}`),
        ),
      );
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
    }
  });

  it('limits registrations per client address across the fleet, with the real address from the proxy', async () => {
    const visitor = '127.0.2.1';
    const attempts = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // Round-robin: consecutive attempts land on alternate replicas.
      attempts.push(
        await requestFrom(visitor, proxy.url, 'POST', '/api/create-checkout-session', {
          ...registrationBody({ email: `limited.${attempt}@example.com` }),
        }),
      );
    }
    expect(attempts.map((attempt) => attempt.status)).toEqual([200, 200, 200, 429]);
    const refused = attempts[3];
    expect(refused.body).toEqual({
      statusCode: 429,
      code: 'too-many-registrations',
      message: expect.stringMatching(/^Too many registrations from this address/),
      errors: [],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another visitor behind the same proxy is not affected.
    const other = await requestFrom(
      '127.0.2.2',
      proxy.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody({ email: 'someone.else@example.com' }),
    );
    expect(other.status).toBe(200);
  });
});
