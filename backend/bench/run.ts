import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import * as path from 'node:path';
import { Client, Pool } from 'pg';
import { LiveTour, demoTour } from '../src/tour/live-tour';
import { createDataSource } from '../src/database/data-source';
import { appendToStream } from '../src/event-store/append-to-stream';
import type { NamedStatementExecutor } from '../src/event-store/sql-executor';
import { readAllInBatches } from '../src/event-store/read-all';
import type { RegistrationEvent } from '../src/registrations/domain/registration-events';
import { registrationStreamId } from '../src/registrations/domain/registration-events';
import { encodeRegistrationEvent } from '../src/registrations/registration-event-codec';
import {
  rebuildPhases,
  rebuildProjections,
} from '../src/registrations/projections/rebuild-projections';
import { freePort } from '../src/database/embedded-database';
import {
  BACKEND_DIR,
  cpuSecondsOf,
  createBenchDatabase,
  FRONTEND_DIR,
  frontendScript,
  startAppProcess,
  startBareNestServer,
  startBareServer,
  startDatabaseServer,
  type Process,
} from './environment';
import {
  cannon,
  cannonAll,
  percentile,
  runLoad,
  runWriters,
  type CannonResult,
  type LoadResult,
} from './load';
import { fmt, log } from './report';
import { findCallgrind } from './instructions';
import { findPgbench, pgbenchInsertRate } from './pgbench';
import { consoleBench, consolePlans } from './console-bench';
import { doorBench } from './door-bench';
import { percent, readSet, scoreSet } from '../test/day-of-show/anonymiser-set/score';
import { deployedNginxConf, startNginx } from '../test/production/nginx-harness';
import { messageIdOf, SmtpStandIn } from '../test/notifications/smtp-stand-in';
import { SMTP_CONNECTIONS, smtpTransportOptions } from '../src/notifications/mail-transport';
import { waitFor } from '../test/wait-for';
import nodemailer from 'nodemailer';

/**
 * `make bench`: every benchmark against its baseline, measured in the same run on the same
 * database, printed as one table. Sizes can be scaled down for a quick look with BENCH_SCALE
 * (e.g. 0.1); the published figures use the defaults.
 */
const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const RUSH_ATTEMPTS = Math.round(1000 * SCALE);
const RUSH_CONNECTIONS = 100;
const READ_CONNECTIONS = 50;
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? '5');
const READ_ROUNDS = 3;
/** What a visitor's browser (Chromium) says it takes, on every read: compression decides by it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const APPEND_WRITERS = 16;
const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? '5');
/** Connections of the insert baseline: the two app processes' pools together. */
const INSERT_CONNECTIONS = 40;
const REBUILD_EVENTS = Math.round(200_000 * SCALE);

interface Row {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean | undefined;
  /** A broken promise (seats, errors) fails the run; a missed speed goal is reported. */
  correctness?: boolean;
}

const rows: Row[] = [];
const notes: string[] = [];

/**
 * A pool for the benchmark's own statements. A connection the server ends while it is idle in
 * the pool is reported and replaced; without a listener it would end the run.
 */
function benchPool(url: string, max: number): Pool {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', (error) => log(`an idle connection was closed by the server: ${error.message}`));
  return pool;
}

/** A RegistrationCreated as stored: sealed personal data, the size of a real event row. */
function eventSizedData(): { data: string; metadata: string } {
  const id = randomUUID();
  const event: RegistrationEvent = {
    type: 'RegistrationCreated',
    data: {
      registrationId: id,
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
      locale: 'ro',
      dreamedCaptured: false,
      placement: 'seat',
      holdExpiresAt: new Date().toISOString(),
      name: 'Ana Popescu',
      email: `ana.${id.slice(0, 8)}@example.com`,
      whatsapp: '+40 712 345 678',
      dream:
        'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.',
    },
  };
  return {
    data: JSON.stringify(encodeRegistrationEvent(event, randomBytes(32))),
    metadata: JSON.stringify({ actor: 'visitor', correlationId: randomUUID() }),
  };
}

/** Single-row INSERTs of an event-sized row into a copy of the events table, autocommit. */
async function insertRate(pool: Pool, connections: number, seconds: number): Promise<number> {
  await pool.query('DROP TABLE IF EXISTS bench_inserts');
  await pool.query(
    'CREATE TABLE bench_inserts (LIKE events INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING INDEXES)',
  );
  const sample = eventSizedData();
  const result = await runWriters(connections, seconds * 1000, async (writer, n) => {
    await pool.query(
      `INSERT INTO bench_inserts (stream_id, stream_version, type, data, metadata)
       VALUES ($1, 1, 'RegistrationCreated', $2::jsonb, $3::jsonb)`,
      [`bench-${writer}-${n}-${randomUUID()}`, sample.data, sample.metadata],
    );
  });
  await pool.query('DROP TABLE bench_inserts');
  return result.perSecond;
}

/**
 * The tour with two more slots next to the first open one, for the rush: one the processes warm
 * up on, and one rushed once they are warm; the first open slot itself is rushed just after they
 * start. Written to a file for TOUR_FILE.
 */
function rushTour(catalogue: LiveTour): {
  file: string;
  rushed: SlotRef;
  rushedWarm: SlotRef;
  warmUp: SlotRef;
  remove(): void;
} {
  const found = catalogue
    .allSlots()
    .find(({ event, slot }) => event.status === 'open' && slot.status === 'open');
  if (!found) throw new Error('The catalogue has no open slot to rush');
  const tour = structuredClone(catalogue.tour);
  const event = tour.events.find(({ slug }) => slug === found.event.slug)!;
  // Earlier the same day, an hour and a half apart: no two slots of an event start at one instant.
  const extraSlot = (time: string, hoursBefore: number): SlotRef => {
    event.slots.push({
      ...structuredClone(found.slot),
      time,
      startsAt: new Date(Date.parse(found.slot.startsAt) - hoursBefore * 3_600_000).toISOString(),
    });
    return { event: found.event.slug, time };
  };
  const warmUp = extraSlot('Warm-up - 6:00pm', 1.5);
  const rushedWarm = extraSlot('Warm processes - 4:30pm', 3);
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketing-bench-tour-'));
  const file = path.join(dir, 'tour.json');
  writeFileSync(file, JSON.stringify(tour));
  return {
    file,
    remove: () => rmSync(dir, { recursive: true, force: true }),
    rushed: { event: found.event.slug, time: found.slot.time },
    rushedWarm,
    warmUp,
  };
}

interface SlotRef {
  event: string;
  time: string;
}

/**
 * The rush for the last seats, through the one registration route, on two app processes sharing
 * one database, configured as in production (access log at info, JSON lines, the per-address
 * rate limit and cap on unpaid holds on): RUSH_CONNECTIONS visitors' connections are opened all
 * at once as registration opens, as real visitors' are, half on each process, and each attempt
 * comes from an address of its own.
 */
const RUSH_ENV: Record<string, string> = {
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  REGISTRATION_RATE_LIMIT: '20',
  UNPAID_HOLDS_PER_ADDRESS: '2',
};
/**
 * Registrations each process takes between the two rushes: about where its CPU per registration
 * stops falling (from about 2 ms to under 1 ms on the 2-core machine of RESULTS.md).
 */
const RUSH_WARM_REGISTRATIONS = Math.round(2000 * SCALE);
const RUSH_P99_GOAL_MS = 250;
const RUSH_RATE_GOAL = 0.1;

/**
 * Each attempt from an address of its own, named by X-Forwarded-For as the proxy in front of the
 * app would (TRUST_PROXY's default trusts the loopback): visitors of a rush come from many
 * addresses, and the per-address limits are counted for each of them. n is unique in the run.
 */
function visitorAddress(n: number): Record<string, string> {
  return { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/**
 * The baseline of the rush: PostgreSQL's single-row insert rate of an event-sized row into a
 * copy of the events table, by pgbench (findPgbench), or, without one, by a loop of node-postgres
 * INSERTs from the same number of connections (said so in the table).
 */
async function insertBaseline(
  pool: Pool,
  url: string,
  connections: number,
  seconds: number,
): Promise<{ perSecond: number; by: string }> {
  const pgbench = findPgbench();
  if (!pgbench) {
    notes.push(
      'No pgbench found (PGBENCH, /usr/lib/postgresql/*/bin, PATH): the rush baseline is a loop of node-postgres INSERTs.',
    );
    return { perSecond: await insertRate(pool, connections, seconds), by: 'node-postgres loop' };
  }
  await pool.query('DROP TABLE IF EXISTS bench_inserts');
  await pool.query(
    'CREATE TABLE bench_inserts (LIKE events INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING INDEXES)',
  );
  try {
    const perSecond = pgbenchInsertRate(
      pgbench,
      url,
      'bench_inserts',
      eventSizedData(),
      connections,
      seconds,
    );
    return { perSecond, by: `pgbench, ${connections} clients, prepared` };
  } finally {
    await pool.query('DROP TABLE bench_inserts');
  }
}

/**
 * The CPU seconds used from now until used() by the app processes and by the PostgreSQL
 * backends connected to `url`'s database (those connected at either moment); undefined where
 * /proc cannot tell (not Linux, or a database server on another machine).
 */
async function rushCpu(
  url: string,
  processes: Process[],
): Promise<{ used(): Promise<{ app: number; database: number } | undefined> }> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const backends = async () =>
    (
      (await client.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()'))
        .rows as { pid: number }[]
    ).map((row) => row.pid);
  const sample = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuSecondsOf(pid)]));
  const apps = processes.map((process) => process.child.pid!);
  const appsBefore = sample(apps);
  const databaseBefore = sample(await backends());
  return {
    async used() {
      const databaseAfter = sample([...new Set([...databaseBefore.keys(), ...(await backends())])]);
      const appsAfter = sample(apps);
      await client.end();
      const spent = (before: Map<number, number | undefined>, after: typeof before) => {
        let sum = 0;
        for (const [pid, seconds] of after) {
          if (seconds === undefined) continue;
          sum += seconds - (before.get(pid) ?? 0);
        }
        return sum;
      };
      if ([...appsAfter.values()].some((seconds) => seconds === undefined)) return undefined;
      const database = spent(databaseBefore, databaseAfter);
      // A server elsewhere: none of its backends is a process here.
      if (database === 0) return undefined;
      return { app: spent(appsBefore, appsAfter), database };
    },
  };
}

/**
 * With BENCH_RUSH_LOCKS set, how the rush's database connections spent it, sampled from
 * pg_stat_activity every few milliseconds by a connection of its own (which costs the machine
 * some CPU, so the rounds the goals are set on leave it off): the share of samples in which a
 * transaction waited for the slot's lock (an advisory lock) and, on average, how many waited
 * and how many statements were running.
 */
async function lockWaits(url: string): Promise<{ stop(): Promise<string> } | undefined> {
  if (!process.env.BENCH_RUSH_LOCKS) return undefined;
  const client = new Client({ connectionString: url });
  await client.connect();
  let samples = 0;
  let withWaiter = 0;
  let waiting = 0;
  let active = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      const [row] = (
        await client.query(
          `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock' AND wait_event = 'advisory')::int
                    AS waiting,
                  count(*) FILTER (WHERE state = 'active')::int AS active
             FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows as { waiting: number; active: number }[];
      samples += 1;
      if (row.waiting > 0) withWaiter += 1;
      waiting += row.waiting;
      active += row.active;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await sampling;
      await client.end();
      return `${samples} samples; a batch waiting for the slot's lock in ${fmt((withWaiter / samples) * 100, 1)}% of them, ${fmt(waiting / samples, 2)} waiting and ${fmt(active / samples, 2)} statements running on average`;
    },
  };
}

/** The n-th registration of a rush or its warm-up, for `slot`. */
function rushRegistration(slot: SlotRef): (n: number) => unknown {
  return (n) => ({
    name: 'Ana Popescu',
    email: `rush-${n}-${randomUUID().slice(0, 8)}@example.com`,
    whatsapp: '+40 712 345 678',
    event: slot.event,
    time: slot.time,
    dream:
      'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.',
    dreamedCaptured: false,
    locale: 'en',
  });
}

/**
 * `requests` registrations for `slot` on each process, on `connections` connections each opened
 * as it starts, each attempt from an address of its own.
 */
function registerOnEach(
  processes: Process[],
  slot: SlotRef,
  { connections, requests }: { connections: number; requests: number },
): Promise<CannonResult> {
  return cannonAll(
    processes.map((process) => ({
      url: process.url,
      method: 'POST' as const,
      path: '/api/create-checkout-session',
      connections,
      requests,
      body: rushRegistration(slot),
      headers: visitorAddress,
    })),
  );
}

/** What one rush measured, and the log's own count of its seats. */
interface RushOutcome {
  result: CannonResult;
  /** Attempts answered a second, from the start to the last answer. */
  perSecond: number;
  used: { app: number; database: number } | undefined;
  capacity: { seat_limit: number; seats: number; waiting_list: number };
  recount: { seats: number };
}

/** A rush and the insert baseline measured on its database once its processes had stopped. */
type RushAndBaseline = RushOutcome & {
  inserts: { perSecond: number; by: string };
  /** The bare stack's rush on the same database (floorRush), for the rush on just-started processes. */
  floor?: FloorOutcome;
};

/** The floor's rush: its rate, the CPU a request cost its processes and PostgreSQL, p99, refusals. */
interface FloorOutcome {
  perSecond: number;
  msPerRequest: { app: number; database: number } | undefined;
  p99: number;
  errors: number;
}

/** What the machine's PostgreSQL takes in single-row inserts a second, and the rounds' rates. */
interface InsertCapacity {
  perSecond: number;
  by: string;
  rounds: number[];
}

/**
 * The rush's baseline: the highest of the rounds' insert rates. pgbench's single-row inserts
 * wait on the disk's flush at each commit, and the disk has slow spells of a minute or more in
 * which the rate falls by up to four fifths (1,509 inserts/s in one round, about 7,500 in the
 * runs minutes before and after it, RESULTS.md), while the rush, whose batches commit a few dozen
 * times a second, barely notices. Set against its own round's baseline, such a spell made a rush
 * look twice as fast as it was; the highest rate is what the machine can do, and a spell can
 * only make the ratio stricter, never looser.
 */
function insertCapacity(rounds: RushAndBaseline[]): InsertCapacity {
  const rates = rounds.map(({ inserts }) => inserts.perSecond);
  return { perSecond: Math.max(...rates), by: rounds[0].inserts.by, rounds: rates };
}

/**
 * The rush: RUSH_ATTEMPTS registrations for `slot`, half on each process, on RUSH_CONNECTIONS
 * connections opened as it starts, each from an address of its own.
 */
function rushAttempts(processes: Process[], slot: SlotRef): Promise<CannonResult> {
  return registerOnEach(processes, slot, {
    connections: RUSH_CONNECTIONS / processes.length,
    requests: Math.ceil(RUSH_ATTEMPTS / processes.length),
  });
}

/** The emails the outbox has sent so far (those of earlier registrations, a rush's backlog). */
async function sentEmails(pool: Pool): Promise<number> {
  const { rows } = await pool.query(
    'SELECT count(*)::int AS sent FROM outbox WHERE sent_at IS NOT NULL',
  );
  return (rows[0] as { sent: number }).sent;
}

/** The rush on the app's processes (rushAttempts), then the slot's figures and the log's recount. */
async function rushOnce(
  databaseUrlForRush: string,
  pool: Pool,
  processes: Process[],
  slot: SlotRef,
): Promise<RushOutcome> {
  // The CPU the rush costs, per registration: the app processes', and PostgreSQL's (the
  // backends serving the rush's database), read from /proc before and after it.
  const cpu = await rushCpu(databaseUrlForRush, processes);
  const locks = await lockWaits(databaseUrlForRush);
  const sentBefore = await sentEmails(pool);
  const result = await rushAttempts(processes, slot);
  const used = await cpu.used();
  const sentDuring = (await sentEmails(pool)) - sentBefore;
  if (locks) log(`Rush on ${slot.time}, the database's connections: ${await locks.stop()}`);
  const [capacity] = (
    await pool.query(
      `SELECT seat_limit, seats_taken AS seats, waiting_list
         FROM slot_capacity WHERE event = $1 AND time = $2`,
      [slot.event, slot.time],
    )
  ).rows as RushOutcome['capacity'][];
  const [recount] = (
    await pool.query(
      `SELECT count(*) FILTER (WHERE data->>'placement' = 'seat')::int AS seats
         FROM events
        WHERE type = 'RegistrationCreated' AND data->>'event' = $1 AND data->>'time' = $2`,
      [slot.event, slot.time],
    )
  ).rows as RushOutcome['recount'][];
  const perSecond = perSecondOf(result);
  log(
    `Rush on ${slot.time}: ${fmt(perSecond)} req/s, statuses ${JSON.stringify(result.statuses)}, ${sentDuring} emails sent meanwhile`,
  );
  return { result, perSecond, used, capacity, recount };
}

/** "v" when every round gave v, else each round's value in turn. */
function eachRound(values: string[]): string {
  return new Set(values).size === 1
    ? values.length > 1
      ? `${values[0]} in each of ${values.length} rushes`
      : values[0]
    : values.join('; ');
}

/**
 * The table's rows for a rush run in one round or several (each on processes of its own): its
 * exactness in every round (a broken promise fails the run, whichever round broke it), and its
 * speed against `machine`, the machine's insert rate (insertCapacity), with the goals when
 * `goals`. Of several rounds, each figure is the median of the rounds', with the range beside it.
 */
function rushRows(
  label: string,
  outcomes: RushAndBaseline[],
  machine: InsertCapacity,
  goals: boolean,
): Row[] {
  const median = (values: number[]) => percentile(values, 50);
  const several = outcomes.length > 1;
  const range = (values: number[], digits: number, unit: string) =>
    several
      ? ` (median of ${values.length}: ${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}${unit})`
      : '';
  const p50s = outcomes.map(({ result }) => percentile(result.latenciesMs, 50));
  const p99s = outcomes.map(({ result }) => percentile(result.latenciesMs, 99));
  const rates = outcomes.map(({ perSecond }) => perSecond);
  const ratios = rates.map((rate) => rate / machine.perSecond);
  const ratio = median(ratios);
  const p99 = median(p99s);
  const exact = outcomes.every(
    ({ capacity, recount }) =>
      capacity.seats === capacity.seat_limit && recount.seats === capacity.seat_limit,
  );
  const complete = outcomes.every(
    ({ result, capacity }) =>
      result.errors === 0 && capacity.waiting_list + capacity.seats === result.requests,
  );
  const used = outcomes.every(({ used }) => used !== undefined)
    ? outcomes.map(({ used, result }) => ({
        app: (used!.app * 1000) / result.requests,
        database: (used!.database * 1000) / result.requests,
        cpuSeconds: used!.app + used!.database,
        seconds: result.elapsedMs / 1000,
      }))
    : undefined;
  return [
    {
      benchmark: `${label}: seats held / limit`,
      figure: eachRound(
        outcomes.map(({ capacity }) => `${capacity.seats} / ${capacity.seat_limit}`),
      ),
      baseline: eachRound(outcomes.map(({ recount }) => `${recount.seats} seats in the log`)),
      ratio: '',
      goal: 'exactly the limit',
      met: exact,
      correctness: true,
    },
    {
      benchmark: `${label}: waiting list, errors`,
      figure: eachRound(
        outcomes.map(
          ({ capacity, result }) => `${capacity.waiting_list} waiting, ${result.errors} errors`,
        ),
      ),
      baseline: eachRound(outcomes.map(({ result }) => `${result.requests} attempts`)),
      ratio: '',
      goal: 'errors = 0',
      met: complete,
      correctness: true,
    },
    {
      benchmark: `${label}: latency p50 / p99`,
      figure: `${fmt(median(p50s), 1)} / ${fmt(p99, 1)} ms${range(p99s, 1, ' ms p99')}`,
      baseline: '',
      ratio: '',
      goal: goals ? `p99 ≤ ${RUSH_P99_GOAL_MS} ms` : '',
      met: goals ? p99 <= RUSH_P99_GOAL_MS : undefined,
    },
    ...(used
      ? [
          {
            benchmark: `${label}: CPU per registration, app / PostgreSQL`,
            figure: `${fmt(median(used.map(({ app }) => app)), 2)} / ${fmt(median(used.map(({ database }) => database)), 2)} ms${range(
              used.map(({ app }) => app),
              2,
              ' ms app',
            )}`,
            baseline: several
              ? used
                  .map(
                    ({ cpuSeconds, seconds }) =>
                      `${fmt(cpuSeconds, 2)} CPU-s in ${fmt(seconds, 2)} s`,
                  )
                  .join('; ')
              : `${fmt(used[0].cpuSeconds, 2)} CPU-s in ${fmt(used[0].seconds, 2)} s`,
            ratio: '',
            goal: '',
            met: undefined,
          },
        ]
      : []),
    ...floorRows(label, outcomes, machine),
    {
      benchmark: `${label}: registrations/s vs single-row inserts/s`,
      figure: `${fmt(median(rates))} req/s${range(rates, 0, ' req/s')}`,
      baseline: `${fmt(machine.perSecond)} inserts/s (${machine.by}${machine.rounds.length > 1 ? `; the highest of ${machine.rounds.length} rounds: ${machine.rounds.map((rate) => fmt(rate)).join(', ')}` : ''})`,
      ratio: `${fmt(ratio * 100, 1)}%${several ? ` (${fmt(Math.min(...ratios) * 100, 1)}–${fmt(Math.max(...ratios) * 100, 1)}%)` : ''}`,
      goal: goals ? `≥ ${fmt(RUSH_RATE_GOAL * 100)}%` : '',
      met: goals ? ratio >= RUSH_RATE_GOAL : undefined,
    },
  ];
}

/**
 * The floor's rows (floorRush), where the rounds measured it: its rate against the machine's
 * inserts (the share of the goal the bare stack reaches), and the app's rate against it.
 */
function floorRows(label: string, outcomes: RushAndBaseline[], machine: InsertCapacity): Row[] {
  const floors = outcomes.map(({ floor }) => floor);
  if (floors.some((floor) => floor === undefined)) return [];
  const measured = floors as FloorOutcome[];
  const median = (values: number[]) => percentile(values, 50);
  const spread = (values: number[], digits: number, unit: string) =>
    values.length > 1
      ? ` (${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}${unit})`
      : '';
  const rates = measured.map(({ perSecond }) => perSecond);
  const shares = rates.map((rate) => (rate / machine.perSecond) * 100);
  const cpu = measured.map(({ msPerRequest }) => msPerRequest);
  const ofFloor = outcomes.map(({ perSecond }, n) => (perSecond / rates[n]) * 100);
  return [
    {
      benchmark: `${label}: the bare stack's floor (NestJS, one INSERT a request), req/s vs single-row inserts/s`,
      figure: `${fmt(median(rates))} req/s${spread(rates, 0, ' req/s')}, p99 ${fmt(median(measured.map(({ p99 }) => p99)), 1)} ms, ${measured.reduce((sum, { errors }) => sum + errors, 0)} errors`,
      baseline: `${fmt(machine.perSecond)} inserts/s${cpu.every((ms) => ms !== undefined) ? `; CPU a request, its processes / PostgreSQL: ${fmt(median(cpu.map((ms) => ms!.app)), 2)} / ${fmt(median(cpu.map((ms) => ms!.database)), 2)} ms` : ''}`,
      ratio: `${fmt(median(shares), 1)}%${spread(shares, 1, '%')}`,
      goal: '',
      met: undefined,
    },
    {
      benchmark: `${label}: registrations/s vs the bare stack's floor`,
      figure: `${fmt(median(outcomes.map(({ perSecond }) => perSecond)))} req/s`,
      baseline: `${fmt(median(rates))} req/s`,
      ratio: `${fmt(median(ofFloor), 1)}%${spread(ofFloor, 1, '%')}`,
      goal: '',
      met: undefined,
    },
  ];
}

/**
 * Rounds of the rush the goals are set on (BENCH_RUSH_ROUNDS), each on a database and two
 * processes of its own, just started, and each with an insert baseline of its own: each round is
 * one draw of how far V8 has compiled the path when the rush comes, which varies from start to
 * start (the app's CPU per registration from 2.0 to 3.5 ms in runs minutes apart), and one draw of
 * pgbench's rate, which drifts with the machine's disk (from 6,500 to 17,600 inserts/s within an
 * hour, RESULTS.md; insertCapacity keeps the highest). The table gives the medians and the ranges.
 */
const RUSH_ROUNDS = Number(process.env.BENCH_RUSH_ROUNDS ?? '3');
if (!Number.isInteger(RUSH_ROUNDS) || RUSH_ROUNDS < 1) {
  throw new Error(
    `BENCH_RUSH_ROUNDS must be a whole number of 1 or more, not "${process.env.BENCH_RUSH_ROUNDS}"`,
  );
}

/**
 * The rush, in RUSH_ROUNDS rounds, then once more on the last round's processes warmed up. Each
 * round starts from nothing: a new database, two new processes, a few hundred requests, then the
 * rush the goals are set on, as a rush meets a site: V8 compiles the registration path over a
 * process's first few thousand registrations, and flushes it again after a minute of light
 * traffic (RESULTS.md), so a rush for a slot's last seats finds it partly compiled. (A round on
 * the database of the one before would find that round's waiting-list emails still going out.)
 * The last rush comes once each process has taken RUSH_WARM_REGISTRATIONS more, at once: what
 * the path costs compiled, to tell the code's cost from the compiler's. Each opens its
 * connections as it starts. Each round's insert baseline runs on its database once its
 * processes have stopped (the last round's after the warm rush, which it serves too).
 */
async function rush(serverUrl: string, catalogue: LiveTour): Promise<void> {
  const tour = rushTour(catalogue);
  try {
    log(
      `Rush: ${RUSH_ATTEMPTS} attempts, ${RUSH_CONNECTIONS} connections opened with it, ${RUSH_ROUNDS} round(s) on processes just started`,
    );
    const justStarted: RushAndBaseline[] = [];
    let warm: RushAndBaseline | undefined;
    for (let n = 1; n <= RUSH_ROUNDS; n += 1) {
      const round = await rushRound(serverUrl, tour, n === RUSH_ROUNDS);
      justStarted.push(round.justStarted);
      warm = round.warm ?? warm;
    }
    if (process.env.BENCH_RUSH_CSV) {
      // Each answer of the median round of the rush the goals are set on: when its request
      // left, how long it took.
      const result = medianRound(justStarted.map(({ result }) => result));
      const lines = result.latenciesMs.map(
        (latency, index) => `${result.sentAtMs[index].toFixed(1)},${latency.toFixed(1)}`,
      );
      writeFileSync(
        process.env.BENCH_RUSH_CSV,
        ['sent_at_ms,latency_ms', ...lines].join('\n') + '\n',
      );
    }
    const machine = insertCapacity(justStarted);
    rows.push(...rushRows('Rush', justStarted, machine, true));
    rows.push(...rushRows('Rush on warm processes', [warm!], machine, false));
  } finally {
    tour.remove();
  }
}

/**
 * What a process meets before the rush the goals are set on: a few reads and registrations
 * (connections, pools), not enough to compile the path. The app's processes and the floor's get
 * the same.
 */
async function justStartedWarmUp(
  processes: Process[],
  tour: ReturnType<typeof rushTour>,
): Promise<void> {
  await cannonAll(
    processes.map((process) => ({
      url: process.url,
      method: 'GET' as const,
      path: '/api/capacity',
      connections: 10,
      requests: 200,
    })),
  );
  await registerOnEach(processes, tour.warmUp, { connections: 10, requests: 150 });
}

/**
 * The rush's floor: the same rush, warmed up the same way, on two processes of the bare stack
 * just started (bare-nest.ts with `insertInto`: NestJS reading the body and inserting it as one
 * event-sized row, nothing else), on the round's database, after the app's processes stopped.
 * No registration can cost less than that, so it says how much of the goal the stack and the
 * machine leave to the app, and that the load generator reaches more than the app takes.
 */
async function floorRush(
  databaseUrlForRush: string,
  pool: Pool,
  tour: ReturnType<typeof rushTour>,
): Promise<FloorOutcome> {
  await pool.query(
    'CREATE TABLE bare_inserts (LIKE events INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING INDEXES)',
  );
  const processes: Process[] = [];
  try {
    for (let n = 0; n < 2; n += 1) {
      processes.push(await startBareNestServer('{}', { insertInto: databaseUrlForRush }));
    }
    await justStartedWarmUp(processes, tour);
    const cpu = await rushCpu(databaseUrlForRush, processes);
    const result = await rushAttempts(processes, tour.rushed);
    const used = await cpu.used();
    const perSecond = perSecondOf(result);
    log(
      `Rush's floor (the bare stack): ${fmt(perSecond)} req/s, statuses ${JSON.stringify(result.statuses)}`,
    );
    return {
      perSecond,
      msPerRequest: used && {
        app: (used.app * 1000) / result.requests,
        database: (used.database * 1000) / result.requests,
      },
      p99: percentile(result.latenciesMs, 99),
      errors: result.errors,
    };
  } finally {
    for (const process of processes) await process.stop();
    await pool.query('DROP TABLE bare_inserts');
  }
}

/**
 * One round of rush(): a new database and two processes just started, their warm-up and the
 * rush on `tour.rushed`; with `thenWarm`, the warm-up registrations and the rush on warm
 * processes after it. Then the processes stop and pgbench measures the round's insert baseline
 * on its database, which is dropped after.
 */
async function rushRound(
  serverUrl: string,
  tour: ReturnType<typeof rushTour>,
  thenWarm: boolean,
): Promise<{ justStarted: RushAndBaseline; warm?: RushAndBaseline }> {
  const database = await createBenchDatabase(serverUrl, 'bench_rush');
  const pool = benchPool(database.url, INSERT_CONNECTIONS);
  const processes: Process[] = [];
  const stopProcesses = async () => {
    for (const process of processes) await process.stop();
  };
  try {
    const env = { TOUR_FILE: tour.file, ...RUSH_ENV };
    processes.push(await startAppProcess(database.url, env));
    processes.push(await startAppProcess(database.url, { ...env, WORKERS: 'false' }));
    await justStartedWarmUp(processes, tour);
    const justStarted = await rushOnce(database.url, pool, processes, tour.rushed);
    let warm: RushOutcome | undefined;
    if (thenWarm) {
      log(`Rush: warming each process with ${RUSH_WARM_REGISTRATIONS} registrations`);
      await registerOnEach(processes, tour.warmUp, {
        connections: 10,
        requests: RUSH_WARM_REGISTRATIONS,
      });
      warm = await rushOnce(database.url, pool, processes, tour.rushedWarm);
    }
    await stopProcesses();
    const floor = await floorRush(database.url, pool, tour);
    log('insert baseline: single-row inserts of an event-sized row');
    const inserts = await insertBaseline(pool, database.url, INSERT_CONNECTIONS, WRITE_SECONDS);
    return {
      justStarted: { ...justStarted, inserts, floor },
      ...(warm ? { warm: { ...warm, inserts } } : {}),
    };
  } finally {
    await stopProcesses();
    await pool.end();
    await database.drop();
  }
}

/**
 * The emails a rush leaves behind: MAIL_MESSAGES waiting-list emails queued by one process
 * without workers, then drained by the outbox of a production process with its workers on,
 * through SMTP to the tests' stand-in answering every command MAIL_REPLY_MS late (a mail
 * provider across a network). The baseline is nodemailer alone sending the same messages
 * through a pool of as many connections (SMTP_CONNECTIONS) to a stand-in as slow: the
 * transport's own rate, which the outbox's reading, rendering and marking must keep up with.
 * Rates run from the first message taken to the last; every message must arrive exactly once.
 */
const MAIL_MESSAGES = Math.round(400 * SCALE);
const MAIL_REPLY_MS = 20;

async function mail(serverUrl: string, catalogue: LiveTour): Promise<void> {
  const tour = rushTour(catalogue);
  const database = await createBenchDatabase(serverUrl, 'bench_mail');
  const pool = benchPool(database.url, 2);
  const smtp = await new SmtpStandIn(Infinity, MAIL_REPLY_MS).start();
  const bare = await new SmtpStandIn(Infinity, MAIL_REPLY_MS).start();
  const processes: Process[] = [];
  try {
    const env = { TOUR_FILE: tour.file, ...RUSH_ENV };
    const queueing = await startAppProcess(database.url, { ...env, WORKERS: 'false' });
    processes.push(queueing);
    const [{ seat_limit: seats }] = (
      await pool.query(`SELECT seat_limit FROM slot_capacity WHERE event = $1 AND time = $2`, [
        tour.rushed.event,
        tour.rushed.time,
      ])
    ).rows as { seat_limit: number }[];
    log(`Mail: ${MAIL_MESSAGES} visitors onto the waiting list (no workers: nothing sent yet)`);
    await registerOnEach([queueing], tour.rushed, {
      connections: 10,
      requests: seats + MAIL_MESSAGES,
    });
    await queueing.stop();
    const [{ queued }] = (
      await pool.query(
        `SELECT count(*)::int AS queued FROM outbox
          WHERE kind = 'waiting-list-joined' AND sent_at IS NULL AND cancelled_at IS NULL`,
      )
    ).rows as { queued: number }[];
    if (queued !== MAIL_MESSAGES) {
      throw new Error(`${queued} waiting-list emails queued, not ${MAIL_MESSAGES}`);
    }
    log(`Mail: the outbox of one process sends them through SMTP (${MAIL_REPLY_MS} ms an answer)`);
    const sending = await startAppProcess(database.url, {
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    processes.push(sending);
    const cpuBefore = cpuSecondsOf(sending.child.pid!);
    // A generous deadline: half a second a message (the code before sent 7.6 a second).
    await waitFor(
      async () => (smtp.received.length >= MAIL_MESSAGES ? true : undefined),
      Math.max(60_000, MAIL_MESSAGES * 500),
    ).catch(() => {
      throw new Error(`Only ${smtp.received.length} of ${MAIL_MESSAGES} emails arrived in time`);
    });
    const cpuAfter = cpuSecondsOf(sending.child.pid!);
    const outbox = rateOf(smtp.receivedAt);
    const distinct = new Set(smtp.received.map(messageIdOf)).size;

    log(`Mail: nodemailer alone, ${SMTP_CONNECTIONS} pooled connections, the same messages`);
    // The app's own pool and timeouts (smtpTransportOptions), without the outbox around it.
    const transport = nodemailer.createTransport(
      smtpTransportOptions(`smtp://127.0.0.1:${bare.port}`),
    );
    try {
      await Promise.all(
        smtp.received.map((message) =>
          transport.sendMail({
            envelope: { from: message.from, to: message.to },
            raw: message.data,
          }),
        ),
      );
    } finally {
      transport.close();
    }
    const alone = rateOf(bare.receivedAt);
    const cpu =
      cpuBefore !== undefined && cpuAfter !== undefined
        ? `, ${fmt(((cpuAfter - cpuBefore) * 1000) / MAIL_MESSAGES, 2)} ms of the app's CPU each`
        : '';
    rows.push(
      {
        benchmark: 'Emails after a rush, through SMTP: each sent once',
        figure: `${distinct} distinct of ${smtp.received.length} received`,
        baseline: `${MAIL_MESSAGES} queued`,
        ratio: '',
        goal: 'each exactly once',
        met: distinct === MAIL_MESSAGES && smtp.received.length === MAIL_MESSAGES,
        correctness: true,
      },
      {
        benchmark: `Emails after a rush, through SMTP (${MAIL_REPLY_MS} ms an answer): outbox vs nodemailer alone`,
        figure: `${fmt(outbox, 1)} emails/s (${smtp.sessions} connections${cpu})`,
        baseline: `${fmt(alone, 1)} emails/s (${bare.sessions} connections)`,
        ratio: `${fmt((outbox / alone) * 100, 1)}%`,
        goal: '',
        met: undefined,
      },
    );
  } finally {
    for (const process of processes) await process.stop();
    await smtp.stop();
    await bare.stop();
    await pool.end();
    await database.drop();
    tour.remove();
  }
}

/** Messages a second from the first taken to the last. */
function rateOf(times: readonly number[]): number {
  return ((times.length - 1) * 1000) / (times[times.length - 1] - times[0]);
}

const READS_GOAL = 0.7;
const READS_P99_GOAL_MS = 20;
/** A server busy this share of a core or more sets its own rate: the generator does not. */
const SERVER_BUSY_GOAL = 0.9;

/**
 * One round of reads: GET /api/capacity on READ_CONNECTIONS connections for `durationMs`, or a
 * number of `requests` on as many `connections`, each request with a browser's Accept-Encoding.
 */
function readRound(
  url: string,
  amount: { durationMs: number } | { requests: number; connections: number } = {
    durationMs: READ_SECONDS * 1000,
  },
): Promise<CannonResult> {
  return cannon({
    url,
    method: 'GET',
    path: '/api/capacity',
    connections: READ_CONNECTIONS,
    ...amount,
    headers: () => ({ 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
  });
}

/** A round's cost to the server answering it, from /proc around the round (none without /proc). */
interface RoundCost {
  /** CPU (all its threads) per answer, µs. */
  cpuPerAnswer: number;
  /** Its CPU seconds per second of the round: about 1 when one thread is the limit, not the generator. */
  busy: number;
}

/**
 * A round of reads at `url`, with what it cost process `pid`: CPU per answer, steadier than a
 * rate on a machine the generator shares, and how busy it kept the process.
 */
async function readRoundCosting<Result extends { requests: number; elapsedMs: number }>(
  url: string,
  pid: number,
  generator: (url: string) => Promise<Result>,
): Promise<{ result: Result; cost?: RoundCost }> {
  const before = cpuSecondsOf(pid);
  const result = await generator(url);
  const after = cpuSecondsOf(pid);
  return before !== undefined && after !== undefined && result.requests > 0
    ? {
        result,
        cost: {
          cpuPerAnswer: ((after - before) * 1e6) / result.requests,
          busy: (after - before) / (result.elapsedMs / 1000),
        },
      }
    : { result };
}

/** The median of READ_ROUNDS figures; undefined when a round gave none. */
function medianOf(values: number[]): number | undefined {
  return values.length === READ_ROUNDS ? percentile(values, 50) : undefined;
}

/** Answers a second, from the start to the last answer. */
function perSecondOf(result: { requests: number; elapsedMs: number }): number {
  return result.requests / (result.elapsedMs / 1000);
}

/** The round of the median rate (of an even count the lower middle, as percentile(…, 50)). */
function medianRound<Round extends { requests: number; elapsedMs: number }>(
  results: Round[],
): Round {
  return [...results].sort((a, b) => perSecondOf(a) - perSecondOf(b))[
    Math.ceil(results.length / 2) - 1
  ];
}

/**
 * GET /api/capacity of one app process in production configuration (access log at info, JSON),
 * side by side with NestJS on Express answering the same JSON from one bare route (the goal's
 * baseline), the same route with the compression the app puts on every answer (what that costs
 * by itself), and a bare node:http server answering the same bytes: the same generator
 * (autocannon), the same connections, one after another. The bench's own generator (load.ts's runLoad, node:http's
 * client) is run against the bare server too, to show where a generator's ceiling lies.
 */
async function reads(serverUrl: string): Promise<void> {
  const database = await createBenchDatabase(serverUrl, 'bench_reads');
  const started: Process[] = [];
  try {
    const app = await startAppProcess(database.url, { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    started.push(app);
    const body = await (await fetch(`${app.url}/api/capacity`)).text();
    const bare = await startBareServer(body);
    started.push(bare);
    const nest = await startBareNestServer(body);
    started.push(nest);
    const compressed = await startBareNestServer(body, { compression: true });
    started.push(compressed);
    log(
      `reads: warm-up, then ${READ_ROUNDS} rounds of ${READ_SECONDS} s each on ${READ_CONNECTIONS} connections`,
    );
    for (const server of [bare, nest, compressed, app])
      await readRound(server.url, { durationMs: 2000 });
    // Rounds taking turns, so that a change in the machine's load (it is shared) falls on all
    // of them alike; each one's median round is kept. The bench's former generator (runLoad, on
    // node:http's client) takes its turn on the bare server too, to compare the generators.
    const names = ['bare', 'nest', 'compressed', 'app'] as const;
    type Name = (typeof names)[number];
    const rounds: Record<Name | 'ownGenerator', (CannonResult | LoadResult)[]> = {
      bare: [],
      nest: [],
      compressed: [],
      app: [],
      ownGenerator: [],
    };
    // And what each round cost its server, from /proc around it: CPU per answer, and how busy
    // it kept the process (a server kept busy is the limit, not the generator).
    const costs: Record<Name | 'ownGenerator', RoundCost[]> = {
      bare: [],
      nest: [],
      compressed: [],
      app: [],
      ownGenerator: [],
    };
    const servers = { bare, nest, compressed, app };
    const ownGenerator = (url: string) =>
      runLoad({
        urls: [url],
        method: 'GET',
        path: '/api/capacity',
        connections: READ_CONNECTIONS,
        durationMs: READ_SECONDS * 1000,
        headers: () => ({ 'accept-encoding': BROWSER_ACCEPT_ENCODING }),
      });
    for (let round = 0; round < READ_ROUNDS; round += 1) {
      for (const name of [...names, 'ownGenerator'] as const) {
        const server = name === 'ownGenerator' ? bare : servers[name];
        const generator: (url: string) => Promise<CannonResult | LoadResult> =
          name === 'ownGenerator' ? ownGenerator : readRound;
        const { result, cost } = await readRoundCosting(server.url, server.child.pid!, generator);
        rounds[name].push(result);
        if (cost) costs[name].push(cost);
      }
    }
    const bareResult = medianRound(rounds.bare);
    const nestResult = medianRound(rounds.nest);
    const compressedResult = medianRound(rounds.compressed);
    const appResult = medianRound(rounds.app);
    const p99 = (result: { latenciesMs: number[] }) => fmt(percentile(result.latenciesMs, 99), 1);
    const appP99 = percentile(appResult.latenciesMs, 99);
    const ownResult = medianRound(rounds.ownGenerator);
    const busy = (name: Name | 'ownGenerator') => medianOf(costs[name].map((cost) => cost.busy));
    const busyText = (name: Name | 'ownGenerator') => {
      const share = busy(name);
      return share === undefined ? '' : `, the server busy ${fmt(share * 100)}% of a core`;
    };
    rows.push({
      benchmark: 'Load generator: autocannon vs node:http client, on bare node:http',
      figure: `${fmt(perSecondOf(bareResult))} req/s (autocannon${busyText('bare')})`,
      baseline: `${fmt(perSecondOf(ownResult))} req/s (bench/load.ts runLoad${busyText('ownGenerator')})`,
      ratio: `${fmt(perSecondOf(bareResult) / perSecondOf(ownResult), 1)}×`,
      goal: '',
      met: undefined,
    });
    // The generator is not the limit of a rate when the server it loads is busy all the time:
    // shown for the goal's baseline and the product (both single-threaded servers).
    const nestBusy = busy('nest');
    const appBusy = busy('app');
    if (nestBusy !== undefined && appBusy !== undefined) {
      rows.push({
        benchmark: 'Load generator: the servers of the reads goal kept busy by autocannon',
        figure: `bare NestJS route ${fmt(nestBusy * 100)}%, product ${fmt(appBusy * 100)}% of a core`,
        baseline: `${fmt(perSecondOf(bareResult))} req/s reached on bare node:http`,
        ratio: `${fmt(perSecondOf(bareResult) / perSecondOf(nestResult), 1)}× the bare NestJS route's rate`,
        goal: `≥ ${fmt(SERVER_BUSY_GOAL * 100)}%: the generator is not the limit`,
        met: nestBusy >= SERVER_BUSY_GOAL && appBusy >= SERVER_BUSY_GOAL,
      });
    }
    rows.push({
      benchmark: 'Reads: bare NestJS route vs bare node:http (same JSON)',
      figure: `${fmt(perSecondOf(nestResult))} req/s (p99 ${p99(nestResult)} ms)`,
      baseline: `${fmt(perSecondOf(bareResult))} req/s (p99 ${p99(bareResult)} ms)`,
      ratio: `${fmt((perSecondOf(nestResult) / perSecondOf(bareResult)) * 100, 1)}%`,
      goal: '',
      met: undefined,
    });
    rows.push({
      benchmark: "Reads: bare NestJS route with the app's compression vs without",
      figure: `${fmt(perSecondOf(compressedResult))} req/s (p99 ${p99(compressedResult)} ms)`,
      baseline: `${fmt(perSecondOf(nestResult))} req/s`,
      ratio: `${fmt((perSecondOf(compressedResult) / perSecondOf(nestResult)) * 100, 1)}%`,
      goal: '',
      met: undefined,
    });
    const cpuPerAnswer = (name: Name) => medianOf(costs[name].map((cost) => cost.cpuPerAnswer));
    const cpu = {
      app: cpuPerAnswer('app'),
      nest: cpuPerAnswer('nest'),
      compressed: cpuPerAnswer('compressed'),
    };
    if (cpu.app !== undefined && cpu.nest !== undefined && cpu.compressed !== undefined) {
      rows.push({
        benchmark: 'Reads: CPU per answer, product vs bare NestJS route (with compression)',
        figure: `${fmt(cpu.app)} µs`,
        baseline: `${fmt(cpu.nest)} µs (${fmt(cpu.compressed)} µs)`,
        ratio: `${fmt((cpu.nest / cpu.app) * 100, 1)}% (${fmt((cpu.compressed / cpu.app) * 100, 1)}%)`,
        goal: '',
        met: undefined,
      });
    }
    rows.push({
      benchmark: 'Reads: GET /api/capacity (production, logging on) vs bare NestJS route',
      figure: `${fmt(perSecondOf(appResult))} req/s (p99 ${fmt(appP99, 1)} ms, ${appResult.errors} errors)`,
      baseline: `${fmt(perSecondOf(nestResult))} req/s`,
      ratio: `${fmt((perSecondOf(appResult) / perSecondOf(nestResult)) * 100, 1)}% (${fmt((perSecondOf(appResult) / perSecondOf(compressedResult)) * 100, 1)}% of NestJS with compression, ${fmt((perSecondOf(appResult) / perSecondOf(bareResult)) * 100, 1)}% of node:http)`,
      goal: `≥ ${fmt(READS_GOAL * 100)}%, p99 ≤ ${READS_P99_GOAL_MS} ms`,
      met:
        perSecondOf(appResult) / perSecondOf(nestResult) >= READS_GOAL &&
        appP99 <= READS_P99_GOAL_MS &&
        appResult.errors === 0,
    });
    await readsBehindNginx(app);
  } finally {
    for (const process of started) await process.stop();
    await database.drop();
  }
}

/**
 * Reads a sample counts, samples of each server, and reads that warm a server up first. The
 * warm-up does not shrink with BENCH_SCALE: after fewer reads V8 has not compiled the path, and
 * the counts (half as many again) would compare two processes still warming up.
 */
const INSTRUCTION_REQUESTS = Math.max(1000, Math.round(4000 * SCALE));
const INSTRUCTION_SAMPLES = 3;
const INSTRUCTION_WARM_UP = 6000;

/**
 * The reads' work without the machine's noise: instructions an answer of GET /api/capacity,
 * the product (production, access log at info) against the bare NestJS route with the app's
 * compression, both under callgrind (bench/instructions.ts). Each is warmed up uninstrumented,
 * then counted over INSTRUCTION_SAMPLES samples; the lowest is kept, as a sample can take in a
 * garbage collection or V8 compiling again code it dropped while the process was idle. Counts
 * user-space instructions only: the kernel's part of each answer (its writev) is not in them.
 */
async function readInstructions(serverUrl: string): Promise<void> {
  const callgrind = findCallgrind();
  if ('problem' in callgrind) {
    notes.push(`\nThe reads' instructions were not counted: ${callgrind.problem}.`);
    return;
  }
  const database = await createBenchDatabase(serverUrl, 'bench_instructions');
  const outDir = mkdtempSync(path.join(tmpdir(), 'ticketing-callgrind-'));
  const started: Process[] = [];
  try {
    log('instructions: the product and the bare NestJS route under callgrind');
    const launch = callgrind.launch(outDir);
    const app = await startAppProcess(
      database.url,
      { LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
      launch,
    );
    started.push(app);
    const body = await (await fetch(`${app.url}/api/capacity`)).text();
    const nest = await startBareNestServer(body, { compression: true, ...launch });
    started.push(nest);
    const send = (url: string) => async (requests: number) => {
      const result = await readRound(url, { requests, connections: 10 });
      if (result.errors > 0) throw new Error(`${result.errors} reads failed under callgrind`);
    };
    // Both at once: what one process runs does not change the other's count.
    const [appCounts, nestCounts] = await Promise.all(
      [app, nest].map(async (server) => {
        await send(server.url)(INSTRUCTION_WARM_UP);
        return callgrind.perRequest(server, outDir, send(server.url), {
          requests: INSTRUCTION_REQUESTS,
          samples: INSTRUCTION_SAMPLES,
        });
      }),
    );
    const thousands = (counts: number[]) =>
      `${fmt(Math.min(...counts) / 1000)}k (samples ${counts.map((count) => fmt(count / 1000)).join(', ')}k)`;
    rows.push({
      benchmark: 'Reads: instructions an answer under callgrind, product vs bare NestJS route',
      figure: thousands(appCounts!),
      baseline: `${thousands(nestCounts!)} with the app's compression`,
      ratio: `${fmt((Math.min(...nestCounts!) / Math.min(...appCounts!)) * 100, 1)}%`,
      goal: '',
      met: undefined,
    });
  } finally {
    for (const process of started) await process.stop();
    rmSync(outDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * The same reads as production answers them, through deploy/nginx.conf in a real nginx (the
 * one `make test` installs; none, no row), against the same file less its upstream keep-alive,
 * as it was before: the rate, the p99, and the app's CPU an answer, rounds taking turns.
 */
async function readsBehindNginx(app: Process): Promise<void> {
  const { findNginx } = createRequire(path.join(BACKEND_DIR, 'package.json'))(
    './test/production/find-nginx.cjs',
  ) as { findNginx(): { path?: string } };
  const nginx = findNginx().path;
  if (!nginx) {
    log('reads behind nginx: no nginx here (make test installs one), not measured');
    return;
  }
  const config = deployedNginxConf(path.join(BACKEND_DIR, '..'));
  const upstreams = [new URL(app.url).host];
  const proxies = {
    kept: await startNginx(nginx, config, { port: await freePort(), upstreams }),
    perRequest: await startNginx(nginx, config, {
      port: await freePort(),
      upstreams,
      connectionPerRequest: true,
    }),
  };
  try {
    log(`reads behind nginx: ${READ_ROUNDS} rounds each, kept-alive and a connection per request`);
    for (const proxy of Object.values(proxies)) await readRound(proxy.url, { durationMs: 2000 });
    const rounds = { kept: [] as CannonResult[], perRequest: [] as CannonResult[] };
    const cpu = { kept: [] as number[], perRequest: [] as number[] };
    const pid = app.child.pid!;
    for (let round = 0; round < READ_ROUNDS; round += 1) {
      for (const name of ['kept', 'perRequest'] as const) {
        const { result, cost } = await readRoundCosting(proxies[name].url, pid, readRound);
        rounds[name].push(result);
        if (cost) cpu[name].push(cost.cpuPerAnswer);
      }
    }
    const summary = (name: 'kept' | 'perRequest') => {
      const result = medianRound(rounds[name]);
      const perAnswer = medianOf(cpu[name]);
      const cpuText = perAnswer === undefined ? '' : `, ${fmt(perAnswer)} µs app CPU an answer`;
      return `${fmt(perSecondOf(result))} req/s (p99 ${fmt(percentile(result.latenciesMs, 99), 1)} ms, ${result.errors} errors${cpuText})`;
    };
    rows.push({
      benchmark: 'Reads behind deploy/nginx.conf: upstream keep-alive vs a connection per request',
      figure: summary('kept'),
      baseline: summary('perRequest'),
      ratio: `${fmt((perSecondOf(medianRound(rounds.kept)) / perSecondOf(medianRound(rounds.perRequest))) * 100, 1)}%`,
      goal: '',
      met: undefined,
    });
  } finally {
    for (const proxy of Object.values(proxies)) await proxy.stop();
  }
}

async function appends(serverUrl: string): Promise<void> {
  const database = await createBenchDatabase(serverUrl, 'bench_appends');
  const pool = benchPool(database.url, APPEND_WRITERS);
  try {
    // The event store on a node-postgres pool, as on any client: named statements prepared.
    const sql: NamedStatementExecutor = {
      query: async (text: string, params?: unknown[]) => (await pool.query(text, params)).rows,
      queryNamed: async (statement) => (await pool.query(statement)).rows,
    };
    const sample = eventSizedData();
    const data = JSON.parse(sample.data) as Record<string, unknown>;
    log(`appends: ${APPEND_WRITERS} writers, ${WRITE_SECONDS} s, distinct streams`);
    const appended = await runWriters(APPEND_WRITERS, WRITE_SECONDS * 1000, async (writer, n) => {
      await appendToStream(sql, `bench-${writer}-${n}-${randomUUID()}`, 0, [
        { type: 'RegistrationCreated', data, metadata: { actor: 'visitor' } },
      ]);
    });
    const inserts = await insertRate(pool, APPEND_WRITERS, WRITE_SECONDS);
    rows.push({
      benchmark: `Appends: events/s, ${APPEND_WRITERS} writers vs raw inserts`,
      figure: `${fmt(appended.perSecond)} events/s`,
      baseline: `${fmt(inserts)} inserts/s`,
      ratio: `${fmt((appended.perSecond / inserts) * 100, 1)}%`,
      goal: '≥ 50%',
      met: appended.perSecond / inserts >= 0.5,
    });
  } finally {
    await pool.end();
    await database.drop();
  }
}

/**
 * `total` events of registrations as real ones are: 30 per slot, of which 20 take a seat (the
 * slot's limit, so the database's guard holds) and 10 wait; most seats paid, some lapsed, and a
 * shared dream each. The slots are the bench's own, in the tour's first event, with their limits.
 */
export async function seedEvents(pool: Pool, total: number, catalogue: LiveTour): Promise<number> {
  const event = catalogue.events()[0].slug;
  const perSlot = 30;
  let written = 0;
  let index = 0;
  while (written < total) {
    const streamIds: string[] = [];
    const versions: number[] = [];
    const types: string[] = [];
    const datas: string[] = [];
    const keyIds: string[] = [];
    const keys: Buffer[] = [];
    const times = new Set<string>();
    for (let inBatch = 0; inBatch < 2_500 && written < total; inBatch += 1, index += 1) {
      const id = randomUUID();
      const key = randomBytes(32);
      const time = `Bench ${Math.floor(index / perSlot)}`;
      times.add(time);
      const seat = index % 3 !== 0;
      const sessionId = `cs_bench_${index}`;
      const created: RegistrationEvent = {
        type: 'RegistrationCreated',
        data: {
          registrationId: id,
          event,
          time,
          locale: (['en', 'it', 'ro'] as const)[index % 3],
          dreamedCaptured: index % 2 === 0,
          placement: seat ? 'seat' : 'waiting-list',
          holdExpiresAt: seat ? new Date(Date.now() + 1_800_000).toISOString() : null,
          name: `Visitor ${index}`,
          email: `visitor-${index}@example.com`,
          whatsapp: '+40 712 345 678',
          dream:
            'I was walking through a city made of glass, and every window showed a different night sky.',
        },
      };
      const shared: RegistrationEvent = {
        type: 'DreamShared',
        data: { registrationId: id, dreamId: randomUUID(), dream: 'A shared dream, short.' },
      };
      const checkout: RegistrationEvent[] = [
        {
          type: 'CheckoutSessionOpened',
          data: {
            registrationId: id,
            provider: 'sandbox',
            sessionId,
            url: `http://localhost/sandbox/${sessionId}`,
            expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
          },
        },
        index % 4 === 0
          ? { type: 'CheckoutExpired', data: { registrationId: id, sessionId, reason: 'expired' } }
          : {
              type: 'PaymentConfirmed',
              data: {
                registrationId: id,
                sessionId,
                paymentIntentId: `pi_${index}`,
                amountMinor: 3500,
                currency: 'RON',
                providerEventId: `evt_${index}`,
                seat: 'held',
              },
            },
      ];
      const events = seat ? [created, ...checkout, shared] : [created, shared];
      const take = Math.min(events.length, total - written);
      events.slice(0, take).forEach((item, position) => {
        streamIds.push(registrationStreamId(id));
        versions.push(position + 1);
        types.push(item.type);
        datas.push(JSON.stringify(encodeRegistrationEvent(item, key)));
      });
      written += take;
      keyIds.push(registrationStreamId(id));
      keys.push(key);
    }
    await pool.query(
      `INSERT INTO slot_capacity (event, time, seat_limit)
       SELECT $1, time, 20 FROM unnest($2::text[]) AS time
       ON CONFLICT (event, time) DO NOTHING`,
      [event, [...times]],
    );
    await pool.query(
      `INSERT INTO personal_data_keys (stream_id, key) SELECT * FROM unnest($1::text[], $2::bytea[])`,
      [keyIds, keys],
    );
    await pool.query(
      `INSERT INTO events (stream_id, stream_version, type, data, metadata)
       SELECT s, v, t, d::jsonb, '{"actor":"system"}'::jsonb
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[]) AS new(s, v, t, d)`,
      [streamIds, versions, types, datas],
    );
  }
  return written;
}

async function rebuild(serverUrl: string, catalogue: LiveTour): Promise<void> {
  const database = await createBenchDatabase(serverUrl, 'bench_rebuild');
  const pool = benchPool(database.url, 4);
  const dataSource = createDataSource(database.url, { poolSize: 4 });
  await dataSource.initialize();
  try {
    log(`rebuild: seeding ${REBUILD_EVENTS} events`);
    const seeded = await seedEvents(pool, REBUILD_EVENTS, catalogue);
    await pool.query('VACUUM ANALYZE events');
    await pool.query('VACUUM ANALYZE personal_data_keys');

    // Baseline: reading the whole log page by page, as the rebuild does, and nothing else.
    log(`rebuild: reading the ${seeded} events alone`);
    const readStarted = performance.now();
    let read = 0;
    for await (const batch of readAllInBatches(dataSource.manager, 0, 10_000)) read += batch.length;
    const readRate = read / ((performance.now() - readStarted) / 1000);

    log(`rebuild: bulk replay of ${seeded} events`);
    const started = performance.now();
    const result = await rebuildProjections(dataSource, catalogue);
    const seconds = (performance.now() - started) / 1000;
    const rate = result.events / seconds;
    const [{ count }] = (await pool.query('SELECT count(*)::int AS count FROM registration_view'))
      .rows as { count: number }[];
    if (result.events !== seeded || count !== result.registrations) {
      throw new Error(`Rebuild replayed ${result.events} of ${seeded} events, ${count} rows`);
    }
    rows.push({
      benchmark: `Rebuild: ${fmt(result.events)} events into the read models`,
      figure: `${fmt(rate)} events/s (${fmt(seconds, 2)} s: ${rebuildPhases(result)})`,
      baseline: `${fmt(readRate)} events/s reading the log alone`,
      ratio: `${fmt((rate / readRate) * 100, 1)}%`,
      goal: '≥ 100,000 events/s',
      met: rate >= 100_000,
    });
  } finally {
    await dataSource.destroy();
    await pool.end();
    await database.drop();
  }
}

function table(): string {
  const header = ['Benchmark', 'Measured', 'Baseline (same run)', 'Ratio', 'Goal', 'Met'];
  const lines = rows.map((row) => [
    row.benchmark,
    row.figure,
    row.baseline,
    row.ratio,
    row.goal,
    row.met === undefined ? '' : row.met ? 'yes' : '**no**',
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...lines.map((line) => line[index].length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index])).join(' | ')} |`;
  return [
    format(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...lines.map(format),
  ].join('\n');
}

/** The built site with its prerendered pages, built first when there is none. */
function buildSite(): void {
  if (existsSync(path.join(FRONTEND_DIR, 'dist', 'prerendered'))) return;
  log('building the site first (npm run build -w frontend)');
  const built = spawnSync('npm', ['run', 'build', '-w', 'frontend'], {
    cwd: path.join(BACKEND_DIR, '..'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The site did not build');
}

/**
 * The home page in Chromium under throttling (frontend/scripts/measure-paint.mjs): the
 * prerendered page against the same page rendered by its script alone, as it was before.
 */
async function paint(serverUrl: string): Promise<void> {
  buildSite();
  const database = await createBenchDatabase(serverUrl, 'bench_paint');
  let app: Process | undefined;
  try {
    app = await startAppProcess(database.url);
    log('paint: the home page in Chromium, throttled (3 cold loads per figure)');
    const output = frontendScript('measure-paint.mjs', [app.url]).trim().split('\n');
    const figures = JSON.parse(output[output.length - 1]) as Record<
      'mobile' | 'mobileBaseline' | 'slow' | 'slowBaseline',
      { fcp: number | null; lcp: number | null; cls: number | null; hero: number | null }
    >;
    const seconds = (ms: number | null) => (ms === null ? 'none' : `${fmt(ms / 1000, 2)} s`);
    const within = (value: number | null, limit: number) => value !== null && value <= limit;
    const { mobile, mobileBaseline, slow, slowBaseline } = figures;
    const before = 'the same page rendered by its script (before)';
    rows.push(
      {
        benchmark: 'Home, mobile profile: largest contentful paint',
        figure: seconds(mobile.lcp),
        baseline: `${seconds(mobileBaseline.lcp)}, ${before}`,
        ratio: '',
        goal: '≤ 2.0 s',
        met: within(mobile.lcp, 2000),
      },
      {
        benchmark: 'Home, mobile profile: first contentful paint',
        figure: seconds(mobile.fcp),
        baseline: seconds(mobileBaseline.fcp),
        ratio: '',
        goal: '≤ 1.2 s',
        met: within(mobile.fcp, 1200),
      },
      {
        benchmark: 'Home, mobile profile: cumulative layout shift',
        figure: fmt(mobile.cls ?? 0, 3),
        baseline: fmt(mobileBaseline.cls ?? 0, 3),
        ratio: '',
        goal: '≤ 0.05',
        met: within(mobile.cls, 0.05),
      },
      {
        benchmark: 'Home at 400 kbps / 400 ms: hero text painted',
        figure: seconds(slow.hero),
        baseline: seconds(slowBaseline.hero),
        ratio: '',
        goal: '≤ 3 s',
        met: within(slow.hero, 3000),
      },
    );
    const size = /([\d.]+) KB {2}total/.exec(frontendScript('measure-home.mjs', []));
    const kb = size ? Number(size[1]) : null;
    rows.push({
      benchmark: "Home route's JavaScript before first render (gzip)",
      figure: kb === null ? 'unknown' : `${fmt(kb, 1)} KB`,
      baseline: '',
      ratio: '',
      goal: '≤ 120 KB',
      met: within(kb, 120),
    });
  } finally {
    await app?.stop();
    await database.drop();
  }
}

/** The public routes of the site's route list (not the Command Center), with ':id' left in. */
function publicRoutes(): string[] {
  const routes = JSON.parse(
    readFileSync(path.join(BACKEND_DIR, 'src', 'site', 'site-routes.json'), 'utf8'),
  ) as string[];
  return routes.filter((route) => route !== '/admin');
}

interface LighthouseFigures {
  url: string;
  runs: number[];
  score: number;
  fcp: number | null;
  lcp: number | null;
  cls: number | null;
  tbt: number | null;
  shortfalls: string[];
}

/**
 * Lighthouse's performance audit, mobile profile, on every public route (frontend/scripts/
 * measure-lighthouse.mjs). The pages are served as `make start` serves them to a newcomer: the
 * demo tour (an upcoming slot) is the live one, so the prerendered pages are rendered again with
 * it on their first request (live-pages.ts) and kept; each route is asked for once before it is
 * audited, as any visitor before would have. /confirmation/:id needs a registration, taken in
 * that slot; it is never prerendered.
 */
async function lighthouseAudit(serverUrl: string, catalogue: LiveTour): Promise<void> {
  buildSite();
  const database = await createBenchDatabase(serverUrl, 'bench_lighthouse');
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketing-bench-tour-'));
  const tourFile = path.join(dir, 'tour.json');
  writeFileSync(tourFile, JSON.stringify(catalogue.tour));
  const apps: Process[] = [];
  try {
    const site = await startAppProcess(database.url, { TOUR_FILE: tourFile });
    apps.push(site);
    const slot = catalogue
      .allSlots()
      .find(({ event, slot: candidate }) => event.status === 'open' && candidate.status === 'open');
    if (!slot) throw new Error('The demo tour has no open slot to register for');
    const registered = await fetch(`${site.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ana Popescu',
        email: `lighthouse-${randomUUID().slice(0, 8)}@example.com`,
        whatsapp: '+40 712 345 678',
        event: slot.event.slug,
        time: slot.slot.time,
        dream:
          'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.',
        dreamedCaptured: false,
        locale: 'en',
      }),
    });
    if (!registered.ok) {
      throw new Error(`The registration answered ${registered.status}: ${await registered.text()}`);
    }
    const { registrationId } = (await registered.json()) as { registrationId: string };
    const urls = publicRoutes().map(
      (route) => `${site.url}${route.replace(':id', registrationId)}`,
    );
    for (const url of urls) await (await fetch(url)).text();
    log(
      `lighthouse: ${urls.length} routes, mobile profile (${process.env.LIGHTHOUSE_RUNS ?? '3'} audits each, the median kept)`,
    );
    const output = frontendScript('measure-lighthouse.mjs', urls).trim().split('\n');
    const audits = JSON.parse(output[output.length - 1]) as LighthouseFigures[];
    const seconds = (ms: number | null) => (ms === null ? 'none' : `${fmt(ms / 1000, 2)} s`);
    for (const audit of audits) {
      const route = new URL(audit.url).pathname.replace(registrationId, ':id');
      rows.push({
        benchmark: `Lighthouse performance, mobile: ${route}`,
        figure: String(audit.score),
        baseline: `runs ${audit.runs.join(', ')}; FCP ${seconds(audit.fcp)}, LCP ${seconds(audit.lcp)}, CLS ${fmt(audit.cls ?? 0, 3)}, TBT ${fmt(audit.tbt ?? 0)} ms`,
        ratio: '',
        goal: '≥ 95',
        met: audit.score >= 95,
      });
      if (route === '/') {
        rows.push(
          {
            benchmark: 'Lighthouse, mobile, home: largest contentful paint',
            figure: seconds(audit.lcp),
            baseline: '',
            ratio: '',
            goal: '≤ 2.0 s',
            met: audit.lcp !== null && audit.lcp <= 2000,
          },
          {
            benchmark: 'Lighthouse, mobile, home: first contentful paint',
            figure: seconds(audit.fcp),
            baseline: '',
            ratio: '',
            goal: '≤ 1.2 s',
            met: audit.fcp !== null && audit.fcp <= 1200,
          },
          {
            benchmark: 'Lighthouse, mobile, home: cumulative layout shift',
            figure: fmt(audit.cls ?? 0, 3),
            baseline: '',
            ratio: '',
            goal: '≤ 0.05',
            met: audit.cls !== null && audit.cls <= 0.05,
          },
        );
      }
      if (audit.score < 95 && audit.shortfalls.length) {
        notes.push(`Lighthouse, ${route}: short of 0.9 on ${audit.shortfalls.join('; ')}`);
      }
    }
  } finally {
    for (const app of apps) await app.stop();
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * The performers' sheet's anonymiser on its labelled set (test/day-of-show/anonymiser-set): the
 * three figures of issue 51, for the development half and the held-out half. No server, no
 * database: the anonymiser is a function of the dream and what the site knows of its author.
 */
function anonymiser(): void {
  for (const [name, folder] of [
    ['development', 'dev'],
    ['held-out', 'held-out'],
  ] as const) {
    const score = scoreSet(readSet(folder));
    const figure = (part: number, whole: number) =>
      `${fmt(percent(part, whole), 1)}% (${part}/${whole})`;
    const unmarked = percent(score.author.unmarked, score.author.total);
    const marked = percent(score.others.marked, score.others.total);
    const replaced = percent(score.keep.replaced, score.keep.total);
    rows.push(
      {
        benchmark: `Anonymiser, ${name} set (${score.dreams} dreams): author's identifiers left unmarked`,
        figure: figure(score.author.unmarked, score.author.total),
        baseline: '',
        ratio: '',
        goal: '≤ 2%',
        met: unmarked <= 2,
      },
      {
        benchmark: `Anonymiser, ${name} set: other people's names replaced or flagged`,
        figure: figure(score.others.marked, score.others.total),
        baseline: '',
        ratio: '',
        goal: '≥ 90%',
        met: marked >= 90,
      },
      {
        benchmark: `Anonymiser, ${name} set: ordinary words wrongly replaced`,
        figure: figure(score.keep.replaced, score.keep.total),
        baseline: `${score.suspicions} suspicions for the reviewer`,
        ratio: '',
        goal: '≤ 3%',
        met: replaced <= 3,
      },
    );
  }
}

async function main(): Promise<void> {
  const only = (
    process.env.BENCH_ONLY ??
    'rush,mail,reads,instructions,appends,rebuild,paint,lighthouse,console,door,anonymiser'
  ).split(',');
  // The demo tour: its open slot is upcoming, so it takes registrations whatever today is.
  const catalogue = new LiveTour(demoTour(new Date()));
  const server = await startDatabaseServer();
  try {
    if (only.includes('rush')) await rush(server.serverUrl, catalogue);
    if (only.includes('mail')) await mail(server.serverUrl, catalogue);
    if (only.includes('reads')) await reads(server.serverUrl);
    if (only.includes('instructions')) await readInstructions(server.serverUrl);
    if (only.includes('appends')) await appends(server.serverUrl);
    if (only.includes('rebuild')) await rebuild(server.serverUrl, catalogue);
    if (only.includes('paint')) await paint(server.serverUrl);
    if (only.includes('lighthouse')) await lighthouseAudit(server.serverUrl, catalogue);
    if (only.includes('console')) {
      const result = await consoleBench(server.serverUrl, catalogue);
      rows.push(...result.rows);
      notes.push(...result.notes);
    }
    if (only.includes('door')) {
      const result = await doorBench(server.serverUrl, catalogue);
      rows.push(...result.rows);
      notes.push(...result.notes);
    }
    if (only.includes('anonymiser')) anonymiser();
    // Not in the default run: the Command Center's query plans at 1,000,000 registrations.
    if (only.includes('plans')) {
      notes.push(
        '',
        '### Query plans of the Command Center list',
        '',
        ...(await consolePlans(server.serverUrl)),
      );
    }
  } finally {
    await server.stop();
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL at BENCH_DATABASE_URL' : 'embedded PostgreSQL'}`;
  const report = [
    `Benchmarks of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}${SCALE !== 1 ? ` (BENCH_SCALE=${SCALE})` : ''}`,
    '',
    table(),
    ...notes,
  ].join('\n');
  console.log(`\n${report}\n`);
  const resultsDir = path.join(BACKEND_DIR, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'latest.md'), `${report}\n`);
  const missed = rows.filter((row) => row.met === false);
  if (missed.length > 0) {
    console.log(`Missed: ${missed.map((row) => row.benchmark).join('; ')}`);
  }
  if (missed.some((row) => row.correctness)) process.exitCode = 2;
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
