import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registrationBody } from '../http';
import { login } from '../admin/admin-client';
import { findNginx } from './find-nginx.cjs';

const ROOT = path.join(__dirname, '..', '..', '..');
const found = findNginx();
// An NGINX_PATH that names no file is a mistake to say, not a reason to skip.
if (found.problem) throw new Error(found.problem);
const nginx = found.path;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * deploy/nginx.conf as this test runs it: one worker, on a port of its own, its files in `dir`, in front of
 * `upstream` instead of docker's `app` replicas (so without docker's resolver, and without
 * `resolve`, which nginx has only since 1.27.3: the image's is 1.29, Debian 12's 1.22). Every
 * other line is the file's own.
 */
function configForTest(dir: string, port: number, upstream: string): string {
  const config = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const replace = (from: RegExp, to: string) => {
    if (!from.test(replaced)) throw new Error(`deploy/nginx.conf has no ${from}`);
    replaced = replaced.replace(from, to);
  };
  let replaced = config;
  // One worker: the connections it keeps are one set, whatever the machine's cores.
  replace(/^worker_processes auto;$/m, 'worker_processes 1;');
  replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`);
  replace(/^ {2}resolver .*;$/m, '');
  replace(/server app:3000 resolve /, `server ${upstream} `);
  replace(/access_log \/dev\/stdout json;/, `access_log ${dir}/access.log json;`);
  replace(/error_log \/dev\/stderr warn;/, `error_log ${dir}/error.log warn;`);
  replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  return replaced;
}

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
  let proxy: ChildProcess;
  let url: string;
  /** Connections the proxy opened to the app. */
  let connections = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, { TRUST_PROXY: '1' });
    (app.app.getHttpServer() as Server).on('connection', () => (connections += 1));
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
    // nginx's workers run as an unprivileged user when it is started as root.
    chmodSync(dir, 0o755);
    const port = await freePort();
    writeFileSync(path.join(dir, 'nginx.conf'), configForTest(dir, port, new URL(app.url).host));
    const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
    const checked = spawnSync(nginx!, ['-t', ...args], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused it:\n${checked.stderr}`);
    proxy = spawn(nginx!, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
    url = `http://127.0.0.1:${port}`;
    for (let tries = 0; ; tries += 1) {
      try {
        await fetch(`${url}/api/health`);
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  afterAll(async () => {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    }
    await app?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
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
    const controller = new AbortController();
    const stream = await fetch(`${url}/api/admin/events/live`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    /** Reads until `count` position events have come, or fails after `withinMs`. */
    const positions = async (count: number, withinMs: number) => {
      const deadline = setTimeout(() => controller.abort(), withinMs);
      try {
        while ((received.match(/event: position/g) ?? []).length < count) {
          const { value, done } = await reader.read();
          if (done) break;
          received += decoder.decode(value, { stream: true });
        }
      } finally {
        clearTimeout(deadline);
      }
      return (received.match(/event: position/g) ?? []).length;
    };
    try {
      // Each within seconds of being written: the console shows a registration made elsewhere.
      expect(await positions(1, 5000)).toBe(1);
      const registered = await fetch(`${url}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(registrationBody()),
      });
      expect(registered.status).toBe(200);
      expect(await positions(2, 5000)).toBeGreaterThanOrEqual(2);
    } finally {
      // The stream never ends by itself: the app would wait for it when it closes.
      controller.abort();
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
