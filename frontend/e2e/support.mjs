// What the browser scenarios share: the routes to visit, a dream, unique emails, and waiting.
/* global window, document, MutationObserver -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openSlot } from './open-slot.mjs';

export const DREAM =
  'I was walking through a flooded museum at night and every painting whispered my name in a language I almost knew.';
export const LANGUAGES = ['en', 'it', 'ro'];

// Every route of the site (the server's list; the Command Center has scenarios of its own), with
// `{id}` for a registration each scenario fills in, then states of pages and a 404 worth a visit.
const SITE_ROUTES = JSON.parse(
  readFileSync(new URL('../../backend/src/site/site-routes.json', import.meta.url), 'utf8'),
);
export const ROUTES = [
  ...SITE_ROUTES.filter((route) => !route.startsWith('/admin')).map((route) =>
    route.replace(':id', '{id}'),
  ),
  '/?register=true',
  '/?register=true&payment=cancelled&registration={id}',
  '/confirmation?session_id=cs_e2e',
  '/confirmation?waitingList=true',
  '/confirmation/00000000-0000-4000-8000-000000000000',
  '/no-such-page',
];

let seq = 0;
export const uniqueEmail = (tag) => `${tag}-${Date.now()}-${(seq += 1)}@example.com`;

/** Polls until `check` stops throwing, like a web-first assertion. */
export async function eventually(check, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

export const visible = (locator, timeout = 20_000) =>
  locator.first().waitFor({ state: 'visible', timeout });

/**
 * Records every text a live region of `page` takes, from its next document on. A live region
 * speaks a notice for about a second (Radix's announcer), which a loaded machine may pass before
 * the toast is seen; `wasAnnounced` then still knows.
 */
export async function recordAnnouncements(page) {
  await page.addInitScript(() => {
    window.announced = [];
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[aria-live], [role="status"]')) {
        const text = region.textContent?.trim();
        if (text && !window.announced.includes(text)) window.announced.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Whether a live region of `page` (recordAnnouncements) has said `words`, within `timeout`. */
export async function wasAnnounced(page, words, timeout = 5_000) {
  const said = (text) => window.announced.some((announced) => announced.includes(text));
  await page.waitForFunction(said, words, { timeout }).catch(() => undefined);
  return page.evaluate(said, words);
}

/**
 * Opens `url` and waits until the page has settled: loaded, something drawn, and no request of
 * its own in flight over two animation frames (so a fetch started by what an answer rendered is
 * waited for too).
 * Playwright's 'networkidle' waits for 500 ms without traffic instead, which every page pays
 * again; an event stream (never done) does not count.
 */
export async function gotoSettled(page, url, timeout = 15_000) {
  const inFlight = new Set();
  const started = (request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  };
  const ended = (request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const settled = () => {
    if (inFlight.size > 0) {
      const urls = [...inFlight].map((request) => request.url()).join(', ');
      throw new Error(`${url} did not settle in ${timeout} ms: still loading ${urls}`);
    }
  };
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout });
    await eventually(async () => {
      settled();
      const drawn = await page.evaluate(async () => {
        for (let frame = 0; frame < 2; frame += 1) {
          await new Promise((next) => window.requestAnimationFrame(next));
        }
        return window.document.getElementById('root')?.firstElementChild != null;
      });
      settled();
      // A page prerendered in another language than the visitor's is taken off the screen
      // before React draws the visitor's (main.tsx), in slices that can outlast two frames.
      if (!drawn) throw new Error(`${url} has nothing drawn yet`);
    }, timeout);
    return response;
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** A page of a new browser context whose site speaks `language` from the first load. */
export async function pageInLanguage(browser, language, options) {
  const context = await browser.newContext(options);
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return { context, page: await context.newPage() };
}

/**
 * The site's registration form filled in: the open Bucharest slot unless `event` (the Location
 * option's label) and `slot` (its radio's label, weekday, date and time) name another.
 */
export async function fillRegistration(page, { name, email, event, slot = openSlot.day }) {
  await page.goto('/?register=true');
  if (event) await page.getByLabel(/^Location/).selectOption({ label: event });
  await page.getByRole('radio', { name: slot }).check();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Phone Number/).fill('+40 712 345 678');
  await page.getByLabel(/^Your dream/).fill(DREAM);
}

/** Pays on the sandbox's payment page with the card that pays, landing on the confirmation. */
export async function payInSandbox(page) {
  await page.locator('#cardNumber').fill('4242 4242 4242 4242');
  await page.locator('#expiry').fill('12/34');
  await page.locator('#cvc').fill('123');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/confirmation\?session_id=/);
  await visible(page.getByRole('heading', { name: 'Payment Successful!' }));
}

/** The text parts of the .eml files sent to a registration, decoded. */
export async function mailTexts(dataDir, registrationId) {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).filter(
    (name) => name.includes(registrationId) && name.endsWith('.eml'),
  );
  const texts = [];
  for (const name of names) {
    const eml = await readFile(join(dir, name), 'utf8');
    for (const part of eml.split(/\r?\n--/)) {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head)) {
        texts.push(Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8'));
      } else {
        texts.push(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
        );
      }
    }
  }
  return texts.join('\n');
}

/** The path of the site's link (/offer or /cancel) in the registration's emails, once sent. */
export function linkIn(dataDir, registrationId, page) {
  return eventually(async () => {
    const found = (await mailTexts(dataDir, registrationId)).match(
      // The token: base64url, a dot, base64url (a sentence's full stop may follow).
      new RegExp(`/${page}\\?token=[A-Za-z0-9_%-]+\\.[A-Za-z0-9_%-]+`),
    );
    assert.ok(found, `no /${page} link sent yet`);
    return found[0];
  }, 20_000);
}

/**
 * An operator's call with the page's session, as the console sends it. A read is sent once more
 * on a fresh connection when the one it reused was closed under it (the server lets an idle
 * connection go after 5 s; on a busy machine the reuse can cross the close), as a browser does.
 */
export async function adminCall(page, baseURL, method, path, data) {
  const send = () =>
    page.request.fetch(path, {
      method,
      data,
      headers: { Origin: baseURL, 'Content-Type': 'application/json' },
    });
  try {
    return await send();
  } catch (error) {
    if (method !== 'GET' || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return send();
  }
}

let slotSeq = 0;

/**
 * A Bucharest slot of the scenario's own, so that what it checks does not depend on how full the
 * open slot is after the scenarios run before it: `days` ahead at `at` ([hour, minute] UTC), or
 * `hours` from now (the door preselects the next one starting) at a minute of its own within its
 * five. When another scenario has a slot at that minute already, the next free minute. Answers the
 * slot's name and start.
 */
export async function slotOfItsOwn(page, baseURL, { days = 0, hours = 0, at, capacity = 20 }) {
  const startsAt = new Date(Date.now() + days * 86_400_000 + hours * 3_600_000);
  if (at) {
    startsAt.setUTCHours(at[0], at[1], 0, 0);
  } else {
    startsAt.setUTCSeconds(0, 0);
    startsAt.setUTCMinutes(Math.floor(startsAt.getUTCMinutes() / 5) * 5 + (slotSeq % 5));
    slotSeq += 1;
  }
  let added = await addSlot(page, baseURL, startsAt, capacity);
  for (let tries = 0; added.status() === 409 && tries < 60; tries += 1) {
    if (!(await added.text()).includes('has a slot at that time already')) break;
    startsAt.setUTCMinutes(startsAt.getUTCMinutes() + 1);
    added = await addSlot(page, baseURL, startsAt, capacity);
  }
  assert.equal(added.status(), 201, await added.text());
  const slot = (await added.json()).slots.find(
    (candidate) => Date.parse(candidate.startsAt) === startsAt.getTime(),
  );
  return { time: slot.time, startsAt };
}

function addSlot(page, baseURL, startsAt, capacity) {
  return adminCall(page, baseURL, 'POST', '/api/admin/tour/events/bucharest/slots', {
    startsAt: startsAt.toISOString(),
    capacity,
  });
}

/**
 * axe's WCAG 2.1 A/AA violations on the page as it is now, once its transitions and animations
 * that end are over (colours read mid-transition, a button enabled as its data arrives, are
 * neither state's; an animation that loops for ever is read as it is).
 * The script is evaluated through the DevTools protocol, once per page load, so the site's
 * Content-Security-Policy stays on for everything else.
 */
export async function axeViolations(page, axePath) {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.evaluate(readFileSync(axePath, 'utf8'));
  }
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5000 },
  );
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}
