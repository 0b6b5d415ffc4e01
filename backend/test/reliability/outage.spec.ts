import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { LiveTour } from '../../src/tour/live-tour';
import { createDataSource } from '../../src/database/data-source';
import { startServerProcess, type ServerProcess } from '../server-process';
import { registrationBody } from '../http';
import { checkInvariants } from './support';

/**
 * PostgreSQL stopped for 5 seconds under traffic: every request answers within a bounded time,
 * with 503 in the API's JSON shape while the database is away, and service comes back by
 * itself once it returns, without restarting the app.
 */
const OUTAGE_MS = 5_000;
/** The longest any request may take, outage or not. */
const BOUND_MS = 8_000;

class PostgresControl {
  private readonly waiting: ((line: string) => void)[] = [];
  readonly child: ChildProcess;

  constructor() {
    this.child = spawn(process.execPath, [path.join(__dirname, 'postgres-control.mjs')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) =>
      this.waiting.shift()?.(line),
    );
  }

  next(): Promise<string> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async send(command: string): Promise<string> {
    const answer = this.next();
    this.child.stdin!.write(`${command}\n`);
    return answer;
  }
}

interface Answer {
  at: number;
  ms: number;
  status: number | 'none';
  body: unknown;
  path: string;
}

describe('the database stopping under traffic', () => {
  let control: PostgresControl;
  let databaseUrl: string;
  let server: ServerProcess;

  beforeAll(async () => {
    control = new PostgresControl();
    const ready = await control.next();
    expect(ready).toMatch(/^ready /);
    databaseUrl = ready.slice('ready '.length);
    server = await startServerProcess({
      DATABASE_URL: databaseUrl,
      REGISTRATION_RATE_LIMIT: '0',
      WORKERS: 'false',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (control?.child.exitCode === null) {
      const exited = new Promise((resolve) => control.child.on('exit', resolve));
      control.child.stdin!.write('exit\n');
      await exited;
    }
  }, 60_000);

  it('answers 503 fast while it is away and serves again once it is back', async () => {
    const answers: Answer[] = [];
    let stopAt = Infinity;
    let restartAt = Infinity;
    let startSentAt = Infinity;
    let running = true;
    const call = async (pathname: string, body?: unknown) => {
      const sent = Date.now();
      let status: Answer['status'] = 'none';
      let parsed: unknown;
      try {
        const response = await fetch(`${server.url}${pathname}`, {
          method: body ? 'POST' : 'GET',
          headers: body ? { 'content-type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(BOUND_MS + 5_000),
        });
        status = response.status;
        parsed = await response.json().catch(() => undefined);
      } catch {
        // no answer at all: counted as 'none'
      }
      answers.push({ at: sent, ms: Date.now() - sent, status, body: parsed, path: pathname });
    };
    const traffic = Array.from({ length: 8 }, async (_, index) => {
      while (running) {
        if (index % 2 === 0) {
          await call(
            '/api/create-checkout-session',
            registrationBody({ email: `outage-${randomUUID()}@example.com` }),
          );
        } else {
          await call('/api/capacity');
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stopAt = Date.now();
    expect(await control.send('stop')).toBe('stopped');
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    startSentAt = Date.now();
    expect(await control.send('start')).toBe('started');
    restartAt = Date.now();
    // Service must come back by itself within a few seconds.
    let recoveredAt: number | undefined;
    while (Date.now() - restartAt < 20_000) {
      const last = answers.filter((answer) => answer.at > restartAt && answer.status === 200);
      if (last.length >= 10) {
        recoveredAt = last[0].at;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    await Promise.all(traffic);

    expect(server.child.exitCode).toBeNull();
    expect(recoveredAt).toBeDefined();
    // Answered before PostgreSQL began to stop.
    const before = answers.filter((answer) => answer.at + answer.ms < stopAt);
    const during = answers.filter(
      // Asked and answered while PostgreSQL was down: it accepts connections a moment before
      // the control process reports it started, so the window ends when the start is asked.
      (answer) => answer.at > stopAt + 500 && answer.at + answer.ms < startSentAt,
    );
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(during.length).toBeGreaterThan(10);
    for (const answer of during) {
      expect({ path: answer.path, status: answer.status }).toEqual({
        path: answer.path,
        status: 503,
      });
      expect(answer.body).toEqual(
        expect.objectContaining({
          statusCode: 503,
          message: expect.any(String),
          errors: expect.any(Array),
        }),
      );
    }
    // Nothing hung: every answer, at any moment, came within the bound.
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    expect(slowest).toBeLessThanOrEqual(BOUND_MS);
    expect(answers.every((answer) => answer.status !== 'none')).toBe(true);
    // Only 200 and 503 were ever answered (no 500 from a half-dead pool).
    const others = answers
      .filter((answer) => answer.status !== 200 && answer.status !== 503)
      .map((answer) => ({
        ...answer,
        sinceStop: answer.at - stopAt,
        sinceRestart: answer.at - restartAt,
      }));
    if (others.length > 0) {
      console.log(
        server
          .output()
          .split('\n')
          .filter((line) => /error|500/i.test(line))
          .slice(0, 20)
          .join('\n'),
      );
    }
    expect(others).toEqual([]);
    console.log(
      `outage: ${answers.length} requests, ${during.length} during the outage (all 503), slowest ${slowest} ms, service back ${recoveredAt! - restartAt} ms after PostgreSQL`,
    );

    // What was written before and after agrees with the log.
    const dataSource = createDataSource(databaseUrl, { poolSize: 2 });
    await dataSource.initialize();
    try {
      await checkInvariants(dataSource, LiveTour.load());
    } finally {
      await dataSource.destroy();
    }
  }, 120_000);
});
