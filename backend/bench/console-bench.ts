import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { LiveTour, type Tour } from '../src/tour/live-tour';
import { createDataSource } from '../src/database/data-source';
import type { RegistrationEvent } from '../src/registrations/domain/registration-events';
import { registrationStreamId } from '../src/registrations/domain/registration-events';
import { encodeRegistrationEvent } from '../src/registrations/registration-event-codec';
import { rebuildProjections } from '../src/registrations/projections/rebuild-projections';
import {
  chromiumFinder,
  createBenchDatabase,
  FRONTEND_DIST,
  startAppProcess,
  WHOLE_CHROMIUM as CHROMIUM,
  type Process,
} from './environment';
import { CSV_COLUMNS } from '../src/registrations/queries/registration-page/registration-export.request.dto';
import { percentile } from './load';
import { fmt, log } from './report';

/** One line of the bench table (the shape run.ts prints). */
export interface ConsoleRow {
  benchmark: string;
  figure: string;
  baseline: string;
  ratio: string;
  goal: string;
  met: boolean | undefined;
}

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const REGISTRATIONS = Math.round(100_000 * SCALE);
const SLOTS = 20;
const PAGE_REQUESTS = 300;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? '65');
const ADMIN_PASSWORD = 'bench-admin-password-long-enough';
const FIRST_NAMES = ['Ana', 'Ioana', 'Maria', 'Elena', 'Andrei', 'Mihai', 'Radu', 'Giulia', 'Luca'];
const LAST_NAMES = ['Popescu', 'Ionescu', 'Rossi', 'Bianchi', 'Dumitrescu', 'Stan', 'Marin'];
const CSV_LABELS = [
  'Name',
  'User ID',
  'Email',
  'Phone',
  'Event',
  'Time',
  'Registered',
  'Dreamed',
  'Dream',
  'Status',
  'Paid',
  'Language',
  'Shared dreams',
  'Door',
];
if (CSV_LABELS.length !== CSV_COLUMNS) {
  throw new Error(
    `The export takes ${CSV_COLUMNS} column headings, the bench has ${CSV_LABELS.length}`,
  );
}

/** One open event with 20 slots of 20 seats, written to a file for TOUR_FILE. */
function twentySlotTour(catalogue: LiveTour): { file: string; tour: Tour; remove(): void } {
  const tour = structuredClone(catalogue.tour);
  const open = tour.events.find((event) => event.status === 'open')!;
  const model = open.slots.find((slot) => slot.status === 'open')!;
  open.slots = Array.from({ length: SLOTS }, (_, index) => ({
    ...structuredClone(model),
    time: `Nov ${String(index + 1).padStart(2, '0')} - 7:30pm`,
    // A day apart: no two slots of an event start at one instant.
    startsAt: new Date(Date.parse(model.startsAt) + index * 86_400_000).toISOString(),
  }));
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketing-bench-console-'));
  const file = path.join(dir, 'tour.json');
  writeFileSync(file, JSON.stringify(tour));
  return { file, tour, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function person(index: number) {
  const first = FIRST_NAMES[index % FIRST_NAMES.length];
  const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length];
  return {
    name: `${first} ${last} ${index}`,
    email: `${first}.${last}.${index}@example.com`.toLowerCase(),
    whatsapp: `+40 7${String(index)
      .padStart(8, '0')
      .replace(/(\d{2})(\d{3})(\d{3})/, '$1 $2 $3')}`,
  };
}

/**
 * The log of `REGISTRATIONS` registrations over the tour's open slots, as the write path leaves
 * it (sealed personal data, one key per person), spread over 60 days: in each slot the first 20
 * hold a paid seat, everyone after waits. The read models are then rebuilt from it.
 */
async function seedRegistrations(pool: Pool, catalogue: LiveTour): Promise<void> {
  const open = catalogue.tour.events.find((event) => event.status === 'open')!;
  const seatsGiven = new Map<string, number>();
  const started = Date.now() - 60 * 86_400_000;
  const batch = 5_000;
  for (let start = 0; start < REGISTRATIONS; start += batch) {
    const streamIds: string[] = [];
    const versions: number[] = [];
    const types: string[] = [];
    const datas: string[] = [];
    const times: string[] = [];
    const keyIds: string[] = [];
    const keys: Buffer[] = [];
    for (let index = start; index < Math.min(REGISTRATIONS, start + batch); index += 1) {
      const id = randomUUID();
      const key = randomBytes(32);
      const slot = open.slots[index % open.slots.length];
      const given = seatsGiven.get(slot.time) ?? 0;
      const seat = given < slot.capacity;
      if (seat) seatsGiven.set(slot.time, given + 1);
      const at = started + Math.floor((index / REGISTRATIONS) * 60 * 86_400_000);
      const events: RegistrationEvent[] = [
        {
          type: 'RegistrationCreated',
          data: {
            registrationId: id,
            event: open.slug,
            time: slot.time,
            locale: (['en', 'it', 'ro'] as const)[index % 3],
            dreamedCaptured: index % 2 === 0,
            placement: seat ? 'seat' : 'waiting-list',
            holdExpiresAt: seat ? new Date(at + 1_800_000).toISOString() : null,
            ...person(index),
            dream:
              'I was walking through a city made of glass, and every window showed a different night sky.',
          },
        },
      ];
      if (seat) {
        events.push({
          type: 'PaymentConfirmed',
          data: {
            registrationId: id,
            sessionId: `cs_bench_${index}`,
            paymentIntentId: `pi_${index}`,
            amountMinor: 3500,
            currency: 'RON',
            providerEventId: `evt_${index}`,
            seat: 'held',
          },
        });
      }
      events.forEach((item, position) => {
        streamIds.push(registrationStreamId(id));
        versions.push(position + 1);
        types.push(item.type);
        datas.push(JSON.stringify(encodeRegistrationEvent(item, key)));
        times.push(new Date(at + position * 60_000).toISOString());
      });
      keyIds.push(registrationStreamId(id));
      keys.push(key);
    }
    await pool.query(
      `INSERT INTO personal_data_keys (stream_id, key) SELECT * FROM unnest($1::text[], $2::bytea[])`,
      [keyIds, keys],
    );
    await pool.query(
      `INSERT INTO events (stream_id, stream_version, type, data, metadata, recorded_at)
       SELECT s, v, t, d::jsonb, '{"actor":"visitor"}'::jsonb, r
         FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[])
           AS new(s, v, t, d, r)`,
      [streamIds, versions, types, datas, times],
    );
  }
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('admin_session='));
  if (!cookie) throw new Error(`login answered ${response.status}`);
  return cookie.split(';')[0];
}

async function latencies(url: string, cookie: string, paths: string[]): Promise<number[]> {
  const measured: number[] = [];
  for (const pathAndQuery of paths) {
    const started = performance.now();
    const response = await fetch(`${url}${pathAndQuery}`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${pathAndQuery} answered ${response.status}`);
    measured.push(performance.now() - started);
  }
  return measured;
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/**
 * An open event stream while nothing changes: the bytes of its opening (headers and the first
 * position), once per console, and the bytes it receives after that in `seconds`.
 */
function idleStreamBytes(
  url: string,
  cookie: string,
  seconds: number,
): Promise<{ opening: number; idle: number }> {
  return new Promise((resolve, reject) => {
    let opening = 0;
    let idle = 0;
    let opened = false;
    const call = httpRequest(
      `${url}/api/admin/events/live`,
      { headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'gzip, br' } },
      (answer) => {
        opening += answer.rawHeaders.reduce((sum, part) => sum + part.length + 2, 20);
        answer.on('data', (chunk: Buffer) => {
          if (opened) {
            idle += chunk.length;
            return;
          }
          opening += chunk.length;
          if (chunk.includes('event: position')) {
            opened = true;
            setTimeout(() => {
              call.destroy();
              resolve({ opening, idle });
            }, seconds * 1000);
          }
        });
      },
    );
    call.on('error', (error) => (opened ? undefined : reject(error)));
    call.end();
  });
}

/** Sign-ins timed, each in a new browser context (no cookie, no cache): the figure is their median. */
const SIGN_INS = 5;

interface BrowserFigures {
  /** Login to first rows of each sign-in, in order. */
  firstRowsMs: number[];
  domNodes: number;
  heapBytes: number;
  keystrokeMs: number[];
}

/** The console in Debian's Chromium: login to first rows, DOM size, heap, keystroke to rows. */
async function browserFigures(url: string): Promise<BrowserFigures> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM!,
    args: chromiumFinder.chromiumArgs(),
  });
  try {
    const signIn = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${url}/admin`);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      const started = performance.now();
      await page.getByRole('button', { name: 'Login' }).click();
      await page.locator('.registration-card').first().waitFor({ state: 'visible' });
      return { context, page, ms: performance.now() - started };
    };
    const firstRowsMs: number[] = [];
    for (let round = 1; round < SIGN_INS; round += 1) {
      const { context, ms } = await signIn();
      firstRowsMs.push(ms);
      await context.close();
    }
    // The last sign-in's console stays open for the figures below.
    const { context, page, ms } = await signIn();
    firstRowsMs.push(ms);
    await page.waitForTimeout(1000);
    const domNodes = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const search = page.getByLabel('Search by name, email or phone');
    const keystrokeMs: number[] = [];
    // Five-digit numbers: no other name holds them as a part, so each search ends on one card.
    for (const index of [12345, 23456, 54321, 77777, 99001].map((n) => n % REGISTRATIONS)) {
      const target = person(index).name;
      await search.fill(target.slice(0, -1));
      await page.waitForTimeout(300);
      const before = performance.now();
      await search.press(target.slice(-1));
      await page
        .getByRole('article', { name: target, exact: true })
        .waitFor({ state: 'visible', timeout: 10_000 });
      // Only it: no second card left (the site's CSP forbids evaluated strings).
      await page.locator('.registration-card').nth(1).waitFor({ state: 'detached' });
      keystrokeMs.push(performance.now() - before);
    }
    return { firstRowsMs, domNodes, heapBytes: heap.usedSize, keystrokeMs };
  } finally {
    await browser.close();
  }
}

/**
 * The Command Center at 100,000 registrations over 20 slots: the paged list's latency with and
 * without a search against the old unpaged answer, an idle console's traffic against the old
 * 5-second polling, the streamed export's time and the server's memory growth, and the console
 * in the real browser.
 */
export async function consoleBench(
  serverUrl: string,
  catalogue: LiveTour,
): Promise<{ rows: ConsoleRow[]; notes: string[] }> {
  const rows: ConsoleRow[] = [];
  const notes: string[] = [];
  const database = await createBenchDatabase(serverUrl, 'bench_console');
  const tour = twentySlotTour(catalogue);
  const benchCatalogue = new LiveTour(tour.tour);
  const pool = new Pool({ connectionString: database.url, max: 4 });
  let app: Process | undefined;
  try {
    log(`console: ${fmt(REGISTRATIONS)} registrations over ${SLOTS} slots, then a rebuild`);
    const seeding = performance.now();
    await seedRegistrations(pool, benchCatalogue);
    const dataSource = createDataSource(database.url, { poolSize: 2 });
    await dataSource.initialize();
    try {
      await rebuildProjections(dataSource, benchCatalogue);
    } finally {
      await dataSource.destroy();
    }
    await pool.query('VACUUM ANALYZE registration_view');
    await pool.query('VACUUM ANALYZE slot_capacity');
    log(`console: loaded in ${fmt((performance.now() - seeding) / 1000, 1)} s`);

    // The old console's poll: every registration, serialised, every 5 seconds.
    const oldMs: number[] = [];
    let oldBytes = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const { rows: all } = await pool.query(
        `SELECT id, name, email, whatsapp, event, time, dreamed_captured, dream, waiting_list, paid,
                stripe_session_id, checkout_session_id, status, locale, hold_expires_at,
                shared_dreams, created_at, updated_at, version
           FROM registration_view ORDER BY created_at DESC, id DESC`,
      );
      oldBytes = Buffer.byteLength(JSON.stringify(all));
      oldMs.push(performance.now() - started);
    }
    const oldMedian = percentile(oldMs, 50);

    app = await startAppProcess(database.url, { TOUR_FILE: tour.file });
    const cookie = await login(app.url);
    const pagePath = '/api/admin/registrations?limit=100';
    await latencies(
      app.url,
      cookie,
      Array.from({ length: 30 }, () => pagePath),
    );
    const plain = await latencies(
      app.url,
      cookie,
      Array.from({ length: PAGE_REQUESTS }, () => pagePath),
    );
    const searches = Array.from({ length: PAGE_REQUESTS }, (_, n) => {
      const who = person((n * 7919) % REGISTRATIONS);
      const q = [
        who.name.split(' ').slice(1).join(' '),
        who.email.slice(0, 14),
        who.whatsapp.replace(/\D/g, '').slice(-7),
      ][n % 3];
      return `${pagePath}&q=${encodeURIComponent(q)}`;
    });
    await latencies(app.url, cookie, searches.slice(0, 30));
    const searched = await latencies(app.url, cookie, searches);
    const plainP99 = percentile(plain, 99);
    const searchedP99 = percentile(searched, 99);
    rows.push({
      benchmark: `Console: first page of ${fmt(REGISTRATIONS)}, p50 / p99`,
      figure: `${fmt(percentile(plain, 50), 1)} / ${fmt(plainP99, 1)} ms`,
      baseline: `${fmt(oldMedian)} ms, ${fmt(oldBytes / 2 ** 20, 1)} MB unpaged (before)`,
      ratio: `${fmt(oldMedian / percentile(plain, 50), 0)}×`,
      goal: 'p99 ≤ 50 ms',
      met: plainP99 <= 50,
    });
    rows.push({
      benchmark: 'Console: first page with a search, p50 / p99',
      figure: `${fmt(percentile(searched, 50), 1)} / ${fmt(searchedP99, 1)} ms`,
      baseline: `${fmt(oldMedian)} ms unpaged, searched in the browser (before)`,
      ratio: `${fmt(oldMedian / percentile(searched, 50), 0)}×`,
      goal: 'p99 ≤ 50 ms',
      met: searchedP99 <= 50,
    });

    log(`console: an idle console for ${IDLE_SECONDS} s`);
    const stream = await idleStreamBytes(app.url, cookie, IDLE_SECONDS);
    const idlePerMinute = (stream.idle * 60) / IDLE_SECONDS;
    const oldPerMinute = 12 * oldBytes;
    rows.push({
      benchmark: 'Console: idle traffic per minute',
      figure: `${fmt(idlePerMinute)} B (stream opened once: ${fmt(stream.opening)} B)`,
      baseline: `${fmt(oldPerMinute / 2 ** 20, 1)} MB (list every 5 s, before)`,
      ratio: '',
      goal: '≤ 20 KB',
      met: idlePerMinute <= 20 * 1024,
    });

    log('console: the streamed export of every registration');
    const labels = new URLSearchParams();
    for (const label of CSV_LABELS) labels.append('column', label);
    labels.set('yes', 'YES');
    labels.set('no', 'NO');
    labels.set('unknownName', 'Unknown Name');
    const pid = app.child.pid!;
    const rssBefore = residentBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, residentBytes(pid))), 25);
    const exportStarted = performance.now();
    const exported = await fetch(`${app.url}/api/admin/registrations/export?${labels}`, {
      headers: { cookie },
    });
    let exportBytes = 0;
    let lines = 0;
    for await (const chunk of exported.body as AsyncIterable<Uint8Array>) {
      exportBytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    clearInterval(sampler);
    const growth = rssPeak - rssBefore;
    if (lines + 1 !== REGISTRATIONS + 1) {
      throw new Error(`The export had ${lines + 1} lines for ${REGISTRATIONS} registrations`);
    }
    rows.push({
      benchmark: `Console: export of ${fmt(REGISTRATIONS)} rows, server memory growth`,
      figure: `${fmt(exportSeconds, 2)} s, ${fmt(exportBytes / 2 ** 20, 1)} MB, +${fmt(growth / 2 ** 20, 1)} MB`,
      baseline: `the ${fmt(oldBytes / 2 ** 20, 1)} MB list in the browser (before)`,
      ratio: '',
      goal: '≤ 10 s, < 50 MB',
      met: exportSeconds <= 10 && growth < 50 * 2 ** 20,
    });

    if (!CHROMIUM || !existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
      notes.push(
        `\nThe console's browser figures were not measured: ${CHROMIUM ? 'no frontend build' : 'no Chromium (make bench installs one)'}.`,
      );
    } else {
      log('console: the Command Center in Chromium');
      const browser = await browserFigures(app.url).catch((error: unknown) => {
        notes.push(`\nThe console's browser figures failed: ${String(error).split('\n')[0]}`);
        return undefined;
      });
      if (browser) {
        const keystroke = percentile(browser.keystrokeMs, 50);
        const firstRows = percentile(browser.firstRowsMs, 50);
        rows.push({
          benchmark: `Console (browser): login to first rows, median of ${SIGN_INS}`,
          figure: `${fmt(firstRows)} ms (${fmt(Math.min(...browser.firstRowsMs))}–${fmt(Math.max(...browser.firstRowsMs))} ms)`,
          baseline: '24.5 s (before, issue 15)',
          ratio: `${fmt(24_500 / firstRows, 0)}×`,
          goal: '≤ 1.5 s',
          met: firstRows <= 1500,
        });
        rows.push({
          benchmark: 'Console (browser): DOM nodes, JS heap',
          figure: `${fmt(browser.domNodes)} nodes, ${fmt(browser.heapBytes / 2 ** 20, 1)} MB`,
          baseline: '440,000 nodes, 810 MB (before, issue 15)',
          ratio: '',
          goal: '',
          met: undefined,
        });
        rows.push({
          benchmark: 'Console (browser): keystroke to filtered rows, median',
          figure: `${fmt(keystroke)} ms (max ${fmt(Math.max(...browser.keystrokeMs))} ms)`,
          baseline: '≈ 4 s (before, issue 15)',
          ratio: `${fmt(4000 / keystroke, 0)}×`,
          goal: '≤ 150 ms',
          met: keystroke <= 150,
        });
      }
    }
  } finally {
    await app?.stop();
    await pool.end();
    await database.drop();
    tour.remove();
  }
  return { rows, notes };
}

const PLAN_ROWS = Number(process.env.BENCH_PLAN_ROWS ?? '1000000');

/**
 * The query plans of the Command Center's list at `PLAN_ROWS` registrations (1,000,000 by
 * default): rows written straight into registration_view (no events: only the plans matter),
 * then EXPLAIN ANALYZE of each kind of page the console asks for.
 */
export async function consolePlans(serverUrl: string): Promise<string[]> {
  const database = await createBenchDatabase(serverUrl, 'bench_console_plans');
  const pool = new Pool({ connectionString: database.url, max: 2 });
  try {
    log(`plans: ${fmt(PLAN_ROWS)} rows in registration_view`);
    await pool.query(
      `INSERT INTO registration_view (id, event, time, name, email, email_key, whatsapp, dream,
         locale, status, waiting_list, paid, created_at, updated_at, version, last_position)
       SELECT gen_random_uuid(), 'bucharest', 'Nov ' || lpad((n % 20 + 1)::text, 2, '0') || ' - 7:30pm',
              (ARRAY['Ana','Ioana','Maria','Elena','Andrei','Mihai','Radu'])[n % 7 + 1] || ' ' ||
              (ARRAY['Popescu','Ionescu','Rossi','Bianchi','Stan','Marin'])[n % 6 + 1] || ' ' || n,
              'visitor.' || n || '@example.com', 'visitor.' || n || '@example.com',
              '+40 7' || lpad(n::text, 8, '0'), 'A dream of glass cities and night skies.',
              'en', CASE WHEN n / 20 % 250 = 0 THEN 'paid' ELSE 'waiting' END,
              n / 20 % 250 <> 0, n / 20 % 250 = 0,
              now() - (n || ' seconds')::interval, now(), 1, n
         FROM generate_series(1, $1::int) AS n`,
      [PLAN_ROWS],
    );
    await pool.query('VACUUM ANALYZE registration_view');
    const [{ created_at: cursorAt, id: cursorId }] = (
      await pool.query(
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at, id
           FROM registration_view ORDER BY created_at DESC, id DESC OFFSET 5000 LIMIT 1`,
      )
    ).rows as { created_at: string; id: string }[];
    const page = `SELECT * FROM registration_view`;
    const order = `ORDER BY created_at DESC, id DESC LIMIT 101`;
    const after = `(created_at, id) < ('${cursorAt}'::timestamp AT TIME ZONE 'UTC', '${cursorId}'::uuid)`;
    const cases: [string, string][] = [
      ['First page', `${page} ${order}`],
      ['A later page (keyset cursor)', `${page} WHERE ${after} ${order}`],
      ['Confirmed only (the rare status)', `${page} WHERE waiting_list = false ${order}`],
      ['One slot', `${page} WHERE event = 'bucharest' AND time = 'Nov 07 - 7:30pm' ${order}`],
      [
        'One slot, a later page',
        `${page} WHERE event = 'bucharest' AND time = 'Nov 07 - 7:30pm' AND ${after} ${order}`,
      ],
      ['Search: a name', `${page} WHERE search_text LIKE '%popescu 4711%' ${order}`],
      ['Search: an email', `${page} WHERE search_text LIKE '%visitor.987654@%' ${order}`],
      ['Search: phone digits', `${page} WHERE search_text LIKE '%00123456%' ${order}`],
      ['Search: a common word', `${page} WHERE search_text LIKE '%ana%' ${order}`],
      [
        'Counts by status of a search',
        `SELECT status, count(*)::int FROM registration_view
          WHERE search_text LIKE '%popescu 4711%' GROUP BY status`,
      ],
      // Without a search the counts are slot_capacity's rows, one per slot: no plan to show.
    ];
    const out: string[] = [];
    for (const [title, sql] of cases) {
      await pool.query(`EXPLAIN (ANALYZE) ${sql}`);
      const { rows: plan } = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      out.push(
        `#### ${title}\n\n\`\`\`\n${sql}\n\n${plan.map((line) => line['QUERY PLAN']).join('\n')}\n\`\`\``,
      );
    }
    return out;
  } finally {
    await pool.end();
    await database.drop();
  }
}
