import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { LiveTour } from '../src/tour/live-tour';
import { createDataSource } from '../src/database/data-source';
import { signTicket } from '../src/day-of-show/tickets/ticket-code';
import { ticketQrPng } from '../src/day-of-show/tickets/ticket-qr';
import { storedTicketKeys } from '../src/day-of-show/tickets/ticket-keys';
import type { ConsoleRow } from './console-bench';
import {
  createBenchDatabase,
  FRONTEND_DIST,
  frontendScript,
  startAppProcess,
  WHOLE_CHROMIUM,
  type Process,
} from './environment';
import { percentile } from './load';
import { fmt, log } from './report';

/** The seats of the benchmark's slot, and the warm-up requests before each measure. */
const SEATS = 1000;
/**
 * The last seats' tickets, left to the phone after the API's scans of the others, filmed by its
 * camera one after the other.
 */
const PHONE_TICKETS = 10;
const WARM_UP = 20;
const LIST_READS = 100;

const ADMIN_PASSWORD = 'bench-admin-password-long-enough';

async function timed(work: () => Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const response = await work();
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== expected) {
    throw new Error(`expected ${expected}, answered ${response.status}`);
  }
  return elapsed;
}

/**
 * The door at a slot of 1,000 paid seats, one phone at a time, as a door works:
 * - a scan's round trip, POST /api/admin/check-ins with a ticket (verify the signature, load the
 *   registration's stream, append CheckedIn through the one write path, read the answer back),
 *   against the same stack's lightest operator write by id (PATCH …/dreamed-captured: load,
 *   append, read back) on the same registrations;
 * - the slot's door list, GET …/door (1,000 seated, names, states, keys), against the Command
 *   Center's first page of the same slot's registrations (50 rows);
 * - the door page on a phone with that list, its CPU four times slower, in the whole Chromium
 *   whose camera films the last PHONE_TICKETS tickets' QR codes in turn, as their emails carry
 *   them (measure-door-phone.mjs): the phone's own answer without a network against the
 *   server's once the network is back, from the code read to the answer shown.
 */
export async function doorBench(
  serverUrl: string,
  catalogue: LiveTour,
): Promise<{ rows: ConsoleRow[]; notes: string[] }> {
  const rows: ConsoleRow[] = [];
  const notes: string[] = [];
  const tour = structuredClone(catalogue.tour);
  const open = tour.events
    .flatMap((event) => event.slots.map((slot) => ({ event, slot })))
    .find(({ event, slot }) => event.status === 'open' && slot.status === 'open');
  if (!open) throw new Error('The tour has no open slot for the door benchmark');
  open.slot.capacity = SEATS;
  const dir = mkdtempSync(path.join(tmpdir(), 'ticketing-bench-door-'));
  const tourFile = path.join(dir, 'tour.json');
  writeFileSync(tourFile, JSON.stringify(tour));
  const database = await createBenchDatabase(serverUrl, 'bench_door');
  let app: Process | undefined;
  try {
    app = await startAppProcess(database.url, {
      TOUR_FILE: tourFile,
      UNPAID_HOLDS_PER_ADDRESS: '0',
      ADMIN_PASSWORD,
    });
    const base = app.url;
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('admin_session='))
      ?.split(';')[0];
    if (!cookie) throw new Error(`The login answered ${login.status} without a session`);
    const json = { cookie, 'content-type': 'application/json' };
    const event = open.event.slug;
    const time = open.slot.time;

    /** A visitor registered and marked paid in the slot: their registration's id. */
    const paidSeat = async (index: number): Promise<string> => {
      const registered = await fetch(`${base}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Door Guest ${index}`,
          email: `door-${index}@example.com`,
          whatsapp: '+40 712 345 678',
          event,
          time,
          dream:
            'I was walking through a city made of glass, and every window showed a different night sky; my grandmother waved from a tram.',
          dreamedCaptured: false,
          locale: 'en',
        }),
      });
      if (!registered.ok) throw new Error(`registration ${index}: ${registered.status}`);
      const { registrationId } = (await registered.json()) as { registrationId: string };
      const paid = await fetch(`${base}/api/admin/registrations/${registrationId}/paid`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ paid: true }),
      });
      if (!paid.ok) throw new Error(`mark paid ${index}: ${paid.status}`);
      return registrationId;
    };
    log(`door: ${SEATS} seats registered and marked paid in ${event} ${time}`);
    const ids: string[] = [];
    for (let index = 0; index < SEATS; index += 1) ids.push(await paidSeat(index));

    const dataSource = createDataSource(database.url, { poolSize: 1 });
    await dataSource.initialize();
    const key = (await storedTicketKeys(dataSource)).at(-1)!;
    await dataSource.destroy();
    const until = Math.floor(Date.now() / 1000) + 90 * 86_400;
    const tickets = ids.map((id) => signTicket({ r: id, e: event, s: time, u: until }, key));

    const doorPath = `/api/admin/tour/events/${encodeURIComponent(event)}/slots/${encodeURIComponent(time)}/door`;
    const pagePath = `/api/admin/registrations?event=${encodeURIComponent(event)}&time=${encodeURIComponent(time)}&limit=50`;
    const read = (pathname: string) => () => fetch(`${base}${pathname}`, { headers: { cookie } });
    for (let index = 0; index < WARM_UP; index += 1) {
      await timed(read(doorPath), 200);
      await timed(read(pagePath), 200);
    }
    const listTimes: number[] = [];
    const pageTimes: number[] = [];
    for (let index = 0; index < LIST_READS; index += 1) {
      listTimes.push(await timed(read(doorPath), 200));
      pageTimes.push(await timed(read(pagePath), 200));
    }
    const list = (await (await read(doorPath)()).json()) as { seated: unknown[] };
    if (list.seated.length !== SEATS) throw new Error(`the door list has ${list.seated.length}`);

    const scanned = SEATS - PHONE_TICKETS;
    log(`door: ${scanned} scans, each after the same registration's baseline write`);
    const scanTimes: number[] = [];
    const writeTimes: number[] = [];
    for (let index = 0; index < scanned; index += 1) {
      writeTimes.push(
        await timed(
          () =>
            fetch(`${base}/api/admin/registrations/${ids[index]}/dreamed-captured`, {
              method: 'PATCH',
              headers: json,
              body: JSON.stringify({ dreamedCaptured: true }),
            }),
          200,
        ),
      );
      scanTimes.push(
        await timed(
          () =>
            fetch(`${base}/api/admin/check-ins`, {
              method: 'POST',
              headers: json,
              body: JSON.stringify({ ticket: tickets[index], event, time, device: 'bench' }),
            }),
          200,
        ),
      );
    }
    const scanP99 = percentile(scanTimes.slice(WARM_UP), 99);
    const writeP99 = percentile(writeTimes.slice(WARM_UP), 99);
    rows.push({
      benchmark: `Door: a scan's round trip (POST /api/admin/check-ins with a ticket), p99, slot of ${fmt(SEATS, 0)}`,
      figure: `${fmt(scanP99, 1)} ms (p50 ${fmt(percentile(scanTimes, 50), 1)} ms)`,
      baseline: `PATCH dreamed-captured p99 ${fmt(writeP99, 1)} ms`,
      ratio: `${fmt(scanP99 / writeP99, 2)}×`,
      goal: '≤ 300 ms',
      met: scanP99 <= 300,
    });
    const listP99 = percentile(listTimes, 99);
    const pageP99 = percentile(pageTimes, 99);
    rows.push({
      benchmark: `Door: the door list of a slot of ${fmt(SEATS, 0)} seats (GET …/door), p99`,
      figure: `${fmt(listP99, 1)} ms (p50 ${fmt(percentile(listTimes, 50), 1)} ms)`,
      baseline: `the slot's first console page (50 rows) p99 ${fmt(pageP99, 1)} ms`,
      ratio: `${fmt(listP99 / pageP99, 2)}×`,
      goal: '≤ 300 ms',
      met: listP99 <= 300,
    });

    if (!WHOLE_CHROMIUM || !existsSync(path.join(FRONTEND_DIST, 'index.html'))) {
      notes.push(
        `The door's phone was not measured: ${WHOLE_CHROMIUM ? 'no frontend build' : 'no Chromium (make bench installs one)'}.`,
      );
      return { rows, notes };
    }
    log(`door: ${PHONE_TICKETS} tickets scanned by a phone, offline and online`);
    const phoneTickets: { png: string }[] = [];
    for (const [index, ticket] of tickets.slice(scanned).entries()) {
      const png = path.join(dir, `ticket-${index}.png`);
      writeFileSync(png, ticketQrPng(ticket));
      phoneTickets.push({ png });
    }
    const plan = path.join(dir, 'door-phone.json');
    writeFileSync(
      plan,
      JSON.stringify({
        baseURL: base,
        adminPassword: ADMIN_PASSWORD,
        event,
        time,
        tickets: phoneTickets,
      }),
    );
    const output = frontendScript('measure-door-phone.mjs', [plan]).trim().split('\n');
    rows.push(...phoneRows(JSON.parse(output[output.length - 1]) as PhoneScans));
  } finally {
    await app?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, notes };
}

/** One answer on the phone's screen (frontend/scripts/measure-door-phone.mjs). */
interface PhoneScan {
  /** valid: let in; already: checked in before. */
  kind: string;
  /** From the decoder's reading of the code to the answer shown, timed by the page. */
  answerMs: number;
}

interface PhoneScans {
  cpuSlowdown: number;
  /** The phone's own answers without a network, until every ticket was let in. */
  offline: PhoneScan[];
  /** The server's answers to the same tickets once the network is back: the baseline. */
  online: PhoneScan[];
}

function phoneRows({ cpuSlowdown, offline, online }: PhoneScans): ConsoleRow[] {
  const spread = (times: number[]) =>
    `p50 ${fmt(percentile(times, 50), 0)} ms, max ${fmt(Math.max(...times), 0)} ms`;
  const times = (scans: PhoneScan[]) => scans.map((scan) => scan.answerMs);
  const served = times(online);
  const baseline = `the server's answer online (${served.length}): ${spread(served)}`;
  return (['valid', 'already'] as const).map((kind) => {
    const answers = times(offline.filter((scan) => scan.kind === kind));
    return {
      benchmark: `Door phone offline (${cpuSlowdown}× slower CPU), code read to answer: ${kind === 'valid' ? 'let in' : 'come round again'} (${answers.length})`,
      figure: spread(answers),
      baseline,
      ratio: `${fmt(percentile(answers, 50) / percentile(served, 50), 2)}×`,
      goal: 'p50 ≤ 100 ms',
      met: answers.length > 0 && percentile(answers, 50) <= 100,
    };
  });
}
