// The door page on a phone without a network, for `make bench` (backend/bench/door-bench.ts runs
// this against a running app and reads the JSON it prints on its last line): how long a scan
// takes to answer when the phone judges the ticket alone, against the server's answer online.
//
//   node scripts/measure-door-phone.mjs <plan.json>
//
// The plan names the app (`baseURL`), the owner's password, the slot and the tickets: each
// `{ png }`, the path of the ticket's QR image as the confirmation email carries it. One phone
// (390×844, its CPU 4 times slower: Lighthouse's mobile profile) in the whole Chromium, whose
// camera films the tickets one after the other, a second each, as visitors come to the door:
// - signed in and the slot's list loaded, the network goes; the phone scans, Next after each
//   answer, until it has let every ticket in (each check-in queued) and answered "already
//   checked in" to half as many that came round again;
// - the network comes back (the queued check-ins are sent) and the phone scans as many times
//   again: the server's answers ("already checked in"), the baseline.
// Each answer's time is the page's own (data-answered-in-ms and data-server-answered-in-ms on
// the answer screen): from the moment its decoder read the code to the answer shown.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { answerScreen, openDoor } from '../e2e/door.e2e.mjs';
import { browserFilming } from '../e2e/fake-camera.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const CPU_SLOWDOWN = 4;
const chromiumFinder = createRequire(import.meta.url)('../e2e/chromium.cjs');
// The whole browser a visitor runs, not the tests' headless shell (chromium.cjs).
const executablePath = chromiumFinder.chromiumPath(process.env, 'browser');

/**
 * Taps `button` (Scan tickets, or Next on the answer screen before) and waits for the next
 * answer screen (the server's when `source` is 'server'): answers its kind and time.
 */
async function scan(page, button, source) {
  const screen = answerScreen(page);
  const before = (await screen.count()) > 0 ? await screen.elementHandle() : null;
  await page.getByRole('button', { name: button }).click();
  // The answer on the screen before goes first: the next is a screen of its own.
  await before?.waitForElementState('hidden');
  await page.locator(`.door-answer[data-source="${source}"]`).waitFor({ timeout: 30_000 });
  const attribute = source === 'server' ? 'data-server-answered-in-ms' : 'data-answered-in-ms';
  return {
    kind: await screen.getAttribute('data-kind'),
    answerMs: Number(await screen.getAttribute(attribute)),
  };
}

/** Scans, Next after each answer, until `enough` says so (at most `limit` answers). */
async function scanUntil(page, source, enough, limit) {
  const answers = [await scan(page, 'Scan tickets', source)];
  while (!enough(answers)) {
    if (answers.length >= limit) {
      throw new Error(
        `${answers.length} scans: ${answers.map((answer) => answer.kind).join(', ')}`,
      );
    }
    answers.push(await scan(page, 'Next', source));
  }
  // Closed, then stopped; a code read in between opens another answer: closed in turn.
  for (let tries = 1; ; tries += 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    try {
      await page.getByRole('button', { name: 'Stop scanning' }).click({ timeout: 2000 });
      return answers;
    } catch (error) {
      if (tries === 5) throw error;
    }
  }
}

const tickets = plan.tickets.length;
const images = plan.tickets.map((ticket) => PNG.sync.read(readFileSync(ticket.png)));
const camera = await browserFilming(images, { executablePath });
let offline;
let online;
try {
  const context = await camera.browser.newContext({
    baseURL: plan.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await openDoor(page, plan.adminPassword, plan.time, plan.event);
  await page.locator('.door-person').first().waitFor();
  await page.getByText(/^Online · list updated at/).waitFor();

  await context.setOffline(true);
  await page.getByText(/^Offline/).waitFor();
  const count = (answers, kind) => answers.filter((answer) => answer.kind === kind).length;
  const letIn = (answers) => count(answers, 'valid');
  // Every ticket let in, and half as many again come round a second time.
  offline = await scanUntil(
    page,
    'phone',
    (answers) => letIn(answers) === tickets && count(answers, 'already') >= tickets / 2,
    4 * tickets,
  );
  const strange = offline.filter((answer) => !['valid', 'already'].includes(answer.kind));
  if (letIn(offline) !== tickets || strange.length > 0) {
    throw new Error(`offline: ${offline.map((answer) => answer.kind).join(', ')}`);
  }

  await context.setOffline(false);
  await page.getByText(/^Online · list updated at/).waitFor({ timeout: 30_000 });
  await page.getByText(/waiting to be sent/).waitFor({ state: 'detached', timeout: 30_000 });
  online = await scanUntil(page, 'server', (answers) => answers.length === tickets, tickets);
  if (online.some((answer) => answer.kind !== 'already')) {
    throw new Error(`online: ${online.map((answer) => answer.kind).join(', ')}`);
  }
  await context.close();
} finally {
  await camera.close();
}
console.log(JSON.stringify({ cpuSlowdown: CPU_SLOWDOWN, offline, online }));
