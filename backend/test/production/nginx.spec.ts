import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import * as path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registrationBody } from '../http';
import { login } from '../admin/admin-client';
import { openLivePositions } from '../admin/live-positions';
import { freePort } from '../../src/database/embedded-database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { requestFrom, type ClientResponse } from './client';
import { findNginx } from './find-nginx.cjs';
import { deployedNginxConf, startNginx, type RunningNginx } from './nginx-harness';

const ROOT = path.join(__dirname, '..', '..', '..');
const found = findNginx();
// An NGINX_PATH that names no file is a mistake to say, not a reason to skip.
if (found.problem) throw new Error(found.problem);
const nginx = found.path;

if (!nginx) {
  console.warn(
    'No nginx (NGINX_PATH, the usual places, PATH): deploy/nginx.conf is not loaded in a real ' +
      'nginx here; `make test` installs one as root on Debian.',
  );
}

(nginx ? describe : describe.skip)('deploy/nginx.conf in a real nginx', () => {
  let database: TestDatabase;
  let app: TestApp;
  let dir: string;
  let proxy: RunningNginx;
  let url: string;
  /** Connections the proxy opened to the app. */
  let connections = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, { TRUST_PROXY: '1' });
    (app.app.getHttpServer() as Server).on('connection', () => (connections += 1));
    proxy = await startNginx(nginx!, deployedNginxConf(ROOT), {
      port: await freePort(),
      upstreams: [new URL(app.url).host],
    });
    ({ url, dir } = proxy);
  });

  afterAll(async () => {
    await proxy?.stop();
    await app?.close();
    await database?.drop();
  });

  it('serves the app through connections it keeps open, one request after another', async () => {
    const before = connections;
    for (let index = 0; index < 20; index += 1) {
      // Each request on a connection of its own from the client, as twenty visitors' would be.
      const answer = await fetch(`${url}/api/capacity`, { headers: { connection: 'close' } });
      expect(answer.status).toBe(200);
      await answer.text();
    }
    expect(connections - before).toBeLessThanOrEqual(2);
  });

  it('carries the console’s event stream: the position at once, and again when the log moves', async () => {
    const cookie = await login(url);
    const opened = Date.now();
    const { response, nextPosition, close } = await openLivePositions(url, cookie);
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      // Each within seconds of being written: the console shows a registration made elsewhere.
      const first = await nextPosition();
      expect(Date.now() - opened).toBeLessThan(5000);
      const registered = await fetch(`${url}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registrationBody()),
      });
      expect(registered.status).toBe(200);
      const sent = Date.now();
      expect(await nextPosition()).toBeGreaterThan(first);
      expect(Date.now() - sent).toBeLessThan(5000);
    } finally {
      close();
    }
  });

  it('proxies a registration, and logs the paths that read it without its id', async () => {
    const registered = await fetch(`${url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(registrationBody()),
    });
    const body = (await registered.json()) as { registrationId: string };
    expect(registered.status).toBe(200);
    const read = await fetch(`${url}/api/registrations/${body.registrationId}`);
    expect(read.status).toBe(200);
    // nginx writes its access log line once the answer is sent: wait for it.
    let log = '';
    for (let tries = 0; tries < 50 && !log.includes('/api/registrations/'); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      log = readFileSync(path.join(dir, 'access.log'), 'utf8');
    }
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { uri: string; remoteAddress: string; status: number });
    expect(lines.map((line) => line.uri)).toContain('/api/registrations/:id');
    expect(log).not.toContain(body.registrationId);
  });
});

(nginx ? describe : describe.skip)('deploy/nginx.conf in a real nginx, a replica stopping', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('loses no request while a replica stops, its idle kept-alive connections included', async () => {
    // docker-compose.yml's delay: a stopping replica keeps serving 5 s (every answer closing its
    // connection) before it stops accepting; the proxy closes an idle connection after 4 s.
    const env = { DATABASE_URL: database.url, TRUST_PROXY: '1', SHUTDOWN_DELAY_SECONDS: '5' };
    const [stopping, staying]: ServerProcess[] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
    ]);
    const proxy = await startNginx(nginx!, deployedNginxConf(ROOT), {
      port: await freePort(),
      upstreams: [new URL(stopping.url).host, new URL(staying.url).host],
    });
    let running = true;
    const answers: { call: string; answer: ClientResponse | Error }[] = [];
    try {
      // Bursts, then a pause in which the proxy's connections to both replicas sit idle in its
      // cache, as at a quiet moment. A login is a POST the proxy never replays on the other
      // replica: one lost on a connection the stopping replica closed would show here.
      const traffic = (async () => {
        for (let visitor = 0; running; visitor += 1) {
          const from = `127.0.4.${(visitor % 250) + 1}`;
          const [call, request] =
            visitor % 3 === 0
              ? [
                  'registration',
                  requestFrom(
                    from,
                    proxy.url,
                    'POST',
                    '/api/create-checkout-session',
                    registrationBody({ email: `rolling.${visitor}@example.com` }),
                  ),
                ]
              : visitor % 3 === 1
                ? [
                    'login',
                    requestFrom(from, proxy.url, 'POST', '/api/admin/login', {
                      password: 'test-admin-password',
                    }),
                  ]
                : ['capacity', requestFrom(from, proxy.url, 'GET', '/api/capacity')];
          answers.push({ call, answer: await request.catch((error: Error) => error) });
          if (visitor % 12 === 11) await new Promise((resolve) => setTimeout(resolve, 1500));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      stopping.child.kill('SIGTERM');
      expect(await stopping.exited).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      running = false;
      await traffic;
      const failed = answers.filter(
        ({ answer }) => answer instanceof Error || answer.status !== 200,
      );
      expect(failed).toEqual([]);
      expect(answers.filter(({ call }) => call === 'login').length).toBeGreaterThan(10);
      // Both replicas answered, the stopping one included (the proxy's log names the upstream).
      const upstreams = readFileSync(path.join(proxy.dir, 'access.log'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { upstream: string }).upstream);
      for (const replica of [stopping, staying]) {
        expect(upstreams).toContain(new URL(replica.url).host);
      }
    } finally {
      running = false;
      await proxy.stop();
      await Promise.all([stopping.stop(), staying.stop()]);
    }
  }, 60_000);
});
