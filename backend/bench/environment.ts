import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { createDataSource, runMigrations } from '../src/database/data-source';
import {
  freePort,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from '../src/database/embedded-database';

/** The backend directory, found from this file whether it runs from bench/ or its build. */
export const BACKEND_DIR = path.resolve(
  __dirname,
  __dirname.includes('.bench') ? '../../..' : '..',
);

export const FRONTEND_DIR = path.join(BACKEND_DIR, '..', 'frontend');
export const FRONTEND_DIST = path.join(FRONTEND_DIR, 'dist');

// The whole browser a visitor runs, not the tests' headless shell: found as the tests find theirs.
export const chromiumFinder = createRequire(__filename)(
  path.join(FRONTEND_DIR, 'e2e', 'chromium.cjs'),
) as typeof import('../../frontend/e2e/chromium.cjs');
export const WHOLE_CHROMIUM = chromiumFinder.findChromium(process.env, 'browser').path;

/** Runs a frontend script (frontend/scripts) with Node and answers its standard output. */
export function frontendScript(script: string, args: string[]): string {
  const result = spawnSync(
    process.execPath,
    [path.join(FRONTEND_DIR, 'scripts', script), ...args],
    {
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export const MAIN = path.join(BACKEND_DIR, 'dist', 'main.js');

export interface BenchDatabaseServer {
  serverUrl: string;
  stop(): Promise<void>;
}

/** BENCH_DATABASE_URL's server, or an embedded PostgreSQL of the bench's own. */
export async function startDatabaseServer(): Promise<BenchDatabaseServer> {
  if (process.env.BENCH_DATABASE_URL) {
    return { serverUrl: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ticketing-bench-'));
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase(dataDir, {
    database: 'postgres',
    temporary: true,
  });
  return { serverUrl: embedded.url, stop: () => embedded.stop() };
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh database with every migration applied; dropped by the returned function. */
export async function createBenchDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = databaseUrl(serverUrl, name);
  const dataSource = createDataSource(url, { poolSize: 2 });
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return {
    url,
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Process {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

async function waitForHttp(
  url: string,
  child: ChildProcess,
  output: () => string,
  seconds: number,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Process exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Process did not answer ${url} within ${seconds} s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How a process is started: by Node itself, or by a program that runs Node (`launcher`, the
 * command and its arguments before Node's path; valgrind, say).
 */
export interface Launch {
  launcher?: string[];
}

function spawnProcess(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  port: number,
  { launcher = [] }: Launch = {},
): Promise<Process> {
  let output = '';
  // BENCH_PROFILE_DIR=<dir> writes a V8 CPU profile of each process there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const [command, ...args] = [...launcher, process.execPath, ...profile, script];
  const child = spawn(command!, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // A launcher such as valgrind starts Node several times slower.
  const startSeconds = launcher.length > 0 ? 300 : 60;
  return waitForHttp(`${url}${readyPath}`, child, () => output, startSeconds).then(() => ({
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  }));
}

/** The built server (dist/main.js) as a production process on the given database. */
export async function startAppProcess(
  databaseUrlForApp: string,
  env: Record<string, string> = {},
  launch: Launch = {},
): Promise<Process> {
  const port = await freePort();
  return spawnProcess(
    MAIN,
    {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'bench-admin-password-long-enough',
      SANDBOX_PAYMENTS: 'true',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The production helper's per-address limit would turn the rush into 429s.
      REGISTRATION_RATE_LIMIT: '0',
      // No proxy in front to notice a stop: SIGTERM need not keep serving first.
      SHUTDOWN_DELAY_SECONDS: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrlForApp,
      ...env,
    },
    '/api/capacity',
    port,
    launch,
  );
}

export async function startBareServer(body: string): Promise<Process> {
  const port = await freePort();
  return spawnProcess(path.join(__dirname, 'bare-server.js'), { BARE_BODY: body }, '/', port);
}

/**
 * NestJS on Express with one route answering `body` at GET /api/capacity (bare-nest.ts); with
 * `compression`, the app's compression (compressAnswers) on its answers, as the app installs it;
 * with `insertInto` (a database's URL), the rush's floor too: a POST route inserting each body
 * as one row of its bare_inserts table.
 */
export async function startBareNestServer(
  body: string,
  {
    compression = false,
    insertInto,
    ...launch
  }: { compression?: boolean; insertInto?: string } & Launch = {},
): Promise<Process> {
  const port = await freePort();
  return spawnProcess(
    path.join(__dirname, 'bare-nest.js'),
    {
      BARE_BODY: body,
      NODE_ENV: 'production',
      BARE_COMPRESSION: String(compression),
      ...(insertInto ? { BARE_INSERT_DATABASE_URL: insertInto } : {}),
    },
    '/api/capacity',
    port,
    launch,
  );
}

let clockTicks: number | undefined;

/**
 * The CPU seconds (user and system) process `pid` has used so far, from Linux's /proc; undefined
 * where there is no /proc, or no such process.
 */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces): utime and stime are the
    // 12th and 13th of them, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}
