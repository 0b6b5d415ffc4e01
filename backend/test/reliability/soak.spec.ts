import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { A_DREAM, registrationBody } from '../http';

/**
 * `make soak` only (SOAK=1): SOAK_SECONDS (300) of mixed traffic against a real server process.
 * Resident memory may grow less than 10% after warm-up, and the connection pool stays within
 * its size and does not creep.
 */
const ENABLED = process.env.SOAK === '1';
const SECONDS = Number(process.env.SOAK_SECONDS ?? '300');
const WARM_UP_SECONDS = Math.min(60, SECONDS / 5);
const CONNECTIONS = 16;
/** The process's one pool (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = 10;

function residentMemory(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

(ENABLED ? describe : describe.skip)('soak: mixed traffic for minutes', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REGISTRATION_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    });
    client = new Client({ connectionString: database.url });
    await client.connect();
  }, 90_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
    await database?.drop();
  });

  it(
    `keeps memory and connections flat over ${SECONDS} s`,
    async () => {
      const pid = server.child.pid!;
      const ids: string[] = [];
      const statuses: Record<string, number> = {};
      const samples: { at: number; rss: number; connections: number }[] = [];
      const started = Date.now();
      const deadline = started + SECONDS * 1000;
      let requests = 0;

      const call = async (method: string, path: string, body?: unknown) => {
        // fetch keeps its connections alive: CONNECTIONS workers, CONNECTIONS sockets.
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await response.text();
        requests += 1;
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        return { status: response.status, text };
      };

      const worker = async (index: number) => {
        let n = index;
        while (Date.now() < deadline) {
          n += 1;
          const pick = n % 20;
          if (pick < 4) {
            const answer = await call(
              'POST',
              '/api/create-checkout-session',
              registrationBody({ email: `soak-${randomUUID()}@example.com` }),
            );
            if (answer.status === 200)
              ids.push((JSON.parse(answer.text) as { registrationId: string }).registrationId);
          } else if (pick < 6 && ids.length > 0) {
            await call('GET', `/api/registrations/${ids[n % ids.length]}`);
          } else if (pick === 6 && ids.length > 0) {
            await call('POST', `/api/registrations/${ids[n % ids.length]}/dreams`, {
              dream: A_DREAM,
            });
          } else if (pick === 7) {
            await call('POST', '/api/create-checkout-session', { name: 42 });
          } else if (pick < 10) {
            await call('GET', '/api/events');
          } else {
            await call('GET', '/api/capacity');
          }
        }
      };

      const sampler = (async () => {
        while (Date.now() < deadline) {
          const { rows } = await client.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()
                AND application_name = 'ticketing'`,
          );
          samples.push({
            at: Date.now() - started,
            rss: residentMemory(pid),
            connections: rows[0].count,
          });
          await new Promise((resolve) => setTimeout(resolve, 5_000));
        }
      })();

      await Promise.all([
        ...Array.from({ length: CONNECTIONS }, (_, index) => worker(index)),
        sampler,
      ]);

      const warm = samples.filter((sample) => sample.at >= WARM_UP_SECONDS * 1000);
      expect(warm.length).toBeGreaterThanOrEqual(6);
      const first = median(warm.slice(0, 3).map((sample) => sample.rss));
      const last = median(warm.slice(-3).map((sample) => sample.rss));
      const growth = (last - first) / first;
      const connections = warm.map((sample) => sample.connections);
      console.log(
        `soak: ${requests} requests in ${SECONDS} s (${Math.round(requests / SECONDS)}/s), statuses ${JSON.stringify(statuses)}, ` +
          `RSS after warm-up ${(first / 2 ** 20).toFixed(1)} MiB -> ${(last / 2 ** 20).toFixed(1)} MiB (${(growth * 100).toFixed(1)}%), ` +
          `pool connections ${Math.min(...connections)}..${Math.max(...connections)}`,
      );
      expect(server.child.exitCode).toBeNull();
      expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
      expect(growth).toBeLessThan(0.1);
      // No connection leak: never past the pool's size, and not creeping up at the end.
      expect(Math.max(...connections)).toBeLessThanOrEqual(POOL_SIZE);
      expect(Math.max(...warm.slice(-3).map((sample) => sample.connections))).toBeLessThanOrEqual(
        Math.max(...warm.slice(0, Math.ceil(warm.length / 2)).map((sample) => sample.connections)) +
          2,
      );
    },
    (SECONDS + 120) * 1000,
  );
});
