// One truth about every registration: the console, the visitor's pages and the export say what
// the event log says. Each scenario is one of the cases an operator or a visitor met, in the
// language it was met in.
/* global window -- the callback of page.evaluate runs in the browser */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { eventually, logIn, register, unique, visible } from './command-center.e2e.mjs';
import { openSlot, readOpenSlot } from './open-slot.mjs';
import { adminCall, linkIn, mailTexts, payInSandbox, slotOfItsOwn } from './support.mjs';

async function findCard(page, name) {
  await page.getByLabel('Search by name, email or phone').fill(name);
  const found = page.getByRole('article', { name, exact: true });
  await visible(found);
  return found;
}

/**
 * A browser context of the scenario's own on `baseURL` (a server of its own), whose pages' errors
 * land in `errors`; `options` adds to it (a time zone, say).
 */
async function ownContext(browser, baseURL, errors, options = {}) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  context.on('page', (opened) => {
    opened.on('pageerror', (error) => errors.push(error.message));
    opened.on('console', (message) => {
      if (message.type() === 'error' && !/status of (401|404|409)/.test(message.text())) {
        errors.push(message.text());
      }
    });
  });
  return context;
}

/** Spaces as the same words: Intl writes narrow and non-breaking ones before AM/PM. */
const plain = (text) => text.replace(/[\u202f\u00a0]/g, ' ');

export const registrationTruthScenarios = [
  {
    name: 'One truth (case 1, en): a held seat marked paid by hand reads CONFIRMED, paid by an operator, and keeps its seat',
    async run({ page, baseURL, adminPassword }) {
      const name = unique('Truth Cash');
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 60, at: [14, 0] });
      const { registrationId } = await register(baseURL, name, { time: slot.time });
      const row = await findCard(page, name);
      // Unpaid, it is a hold: not CONFIRMED, and its deadline is in the show's zone, named.
      await visible(row.getByText('HELD', { exact: true }));
      await visible(row.getByText(/^Seat held during checkout until .*(GMT\+[23]|EET|EEST)/));
      assert.equal(await row.getByText('CONFIRMED', { exact: true }).count(), 0);

      await row.getByRole('button', { name: 'Mark paid' }).click();
      await visible(page.getByText('Payment Status Updated'));
      await visible(row.getByText('CONFIRMED', { exact: true }));
      await visible(row.getByText('Seat paid: marked paid by an operator (cash)'));
      const stored = await (await page.request.get('/api/registrations')).json();
      const mine = stored.find((registration) => registration.id === registrationId);
      assert.equal(mine.status, 'paid', 'the seat is paid: no hold lapses, no sweeper releases it');
      assert.equal(mine.holdExpiresAt, null);

      // Taken back, the seat is held again, with a fresh deadline.
      await row.getByRole('button', { name: 'Mark unpaid' }).click();
      await visible(row.getByText('HELD', { exact: true }));
      const again = (await (await page.request.get('/api/registrations')).json()).find(
        (registration) => registration.id === registrationId,
      );
      assert.equal(again.status, 'held');
      assert.ok(Date.parse(again.holdExpiresAt) > Date.now() + 20 * 60_000);
    },
  },
  {
    name: 'One truth (case 2, en): a cancelled booking reads CANCELLED to its visitor, who can no longer share dreams',
    async run({ page, baseURL, adminPassword }) {
      const name = unique('Truth Cancelled');
      const { registrationId } = await register(baseURL, name);
      await logIn(page, adminPassword);
      const cancelled = await adminCall(
        page,
        baseURL,
        'POST',
        `/api/admin/registrations/${registrationId}/cancel`,
        { refund: false },
      );
      assert.equal(cancelled.status(), 200);

      await page.goto(`/confirmation/${registrationId}`);
      await visible(
        page.getByRole('heading', { level: 1, name: 'Your registration is cancelled' }),
      );
      await visible(page.getByText('CANCELLED', { exact: true }));
      await visible(page.getByText(/This registration was cancelled/));
      assert.equal(await page.getByText('CONFIRMED', { exact: true }).count(), 0);
      assert.equal(await page.getByRole('heading', { name: 'Share another dream' }).count(), 0);
      const shared = await fetch(`${baseURL}/api/registrations/${registrationId}/dreams`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ dream: 'A dream after the end, a long corridor of doors.' }),
      });
      assert.equal(shared.status, 409);
    },
  },
  {
    name: 'One truth (case 3, en): a paid seat cancelled with its refund reads CANCELLED, PAID NO, with no Mark paid',
    async run({ browser, startOwnServer, adminPassword }) {
      // The refund leaves through the outbox: a server of the scenario's own, its workers on.
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-truth-refund.log');
      const errors = [];
      const context = await ownContext(browser, own.baseURL, errors);
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const name = unique('Truth Refunded');
        const { registrationId, url } = await register(own.baseURL, name, time);
        const page = await context.newPage();
        await page.goto(url);
        await payInSandbox(page);

        await logIn(page, adminPassword);
        const card = await findCard(page, name);
        await visible(card.getByText('CONFIRMED', { exact: true }));
        await card.getByRole('button', { name: 'Cancel and refund' }).click();
        await page
          .getByRole('alertdialog', { name: 'Cancel and refund this registration?' })
          .getByRole('button', { name: 'Cancel and refund' })
          .click();
        await visible(page.getByText('Registration Cancelled'));

        // Once the refund has gone back through the payment provider, the card says so: the
        // registration stays cancelled (the seat went back) and no money is held for it.
        const paidValue = (row) =>
          row.locator('.flag-control').filter({ hasText: 'Paid' }).locator('.flag-control__value');
        await eventually(async () => {
          await page.reload();
          const row = await findCard(page, name);
          assert.equal(await paidValue(row).textContent(), 'NO');
        }, 30_000);
        const row = await findCard(page, name);
        await visible(row.getByText('CANCELLED', { exact: true }));
        await visible(row.getByText('Cancelled', { exact: true }));
        assert.equal(await row.getByText('CONFIRMED', { exact: true }).count(), 0);
        assert.equal(await row.getByText(/the payment was kept/).count(), 0);
        assert.equal(await row.getByRole('button', { name: 'Mark paid' }).count(), 0);
        assert.equal(await row.getByRole('button', { name: 'Mark unpaid' }).count(), 0);
        const stored = await (await page.request.get('/api/registrations')).json();
        const mine = stored.find((registration) => registration.id === registrationId);
        assert.equal(mine.status, 'cancelled');
        assert.equal(mine.paid, false);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
  {
    name: 'One truth (case 4, en): each status filter lists its own rows, with the count it shows',
    async run({ page, baseURL, adminPassword }) {
      const name = unique('Truth Filter');
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 70, at: [14, 0] });
      await register(baseURL, name, { time: slot.time });
      await page.getByLabel('Search by name, email or phone').fill(name);
      await visible(page.getByText('Showing 1 of', { exact: false }));
      const status = page.getByLabel('Status');
      await eventually(async () => {
        const options = await status.getByRole('option').allTextContents();
        assert.ok(options.includes('Seat held, unpaid (1)'), options.join(' | '));
        assert.ok(options.includes('Confirmed (0)'), options.join(' | '));
      });
      await status.selectOption('confirmed');
      await visible(page.getByText('No registration matches the search and filter.'));
      await status.selectOption('held');
      await visible(page.getByRole('article', { name, exact: true }));
      await visible(page.getByText('Showing 1 of', { exact: false }));
      // The header counts what the rows' statuses say: holds are not counted as confirmed.
      await visible(page.getByText(/held awaiting payment/));
    },
  },
  {
    name: 'One truth (case 5, it): a slot whose capacity was lowered to its seats taken reads COMPLETO, 4 / 4',
    async run({ page, baseURL, adminPassword }) {
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 40, at: [15, 15] });
      const { startsAt } = slot;
      for (let index = 0; index < 4; index += 1) {
        await register(baseURL, unique('Truth Seat'), { time: slot.time });
      }
      const lowered = await adminCall(
        page,
        baseURL,
        'PATCH',
        `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(slot.time)}`,
        { capacity: 4 },
      );
      assert.equal(lowered.status(), 200, await lowered.text());

      await page.evaluate(() => window.localStorage.setItem('language', 'it'));
      await page.reload();
      // The slot named by its start in Italian, as the console names it.
      const named = new Intl.DateTimeFormat('it', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Europe/Bucharest',
      }).format(startsAt);
      const item = page
        .getByRole('list', { name: 'Turni e posti' })
        .getByRole('listitem')
        .filter({ hasText: named })
        .filter({ hasText: '4 / 4' });
      await visible(item);
      await visible(item.getByText('COMPLETO', { exact: true }));
      assert.equal(await item.getByText('DISPONIBILE', { exact: true }).count(), 0);
    },
  },
  {
    name: 'One truth (case 6, en): a moved slot is named by its new start in the console and the CSV, its key still working',
    async run({ page, baseURL, adminPassword }) {
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 50, at: [16, 30] });
      const first = slot.startsAt;
      const name = unique('Truth Moved');
      await register(baseURL, name, { time: slot.time });
      // The slot moves to the next evening at 8:00 PM; its key stays.
      const moved = new Date(first.getTime() + 86_400_000);
      moved.setUTCHours(18, 0, 0, 0);
      const changed = await adminCall(
        page,
        baseURL,
        'PATCH',
        `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(slot.time)}`,
        { startsAt: moved.toISOString() },
      );
      assert.equal(changed.status(), 200, await changed.text());
      const named = new Intl.DateTimeFormat('en', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Europe/Bucharest',
      })
        .format(moved)
        .replace(/[\u202f\u00a0]/g, ' ');
      await page.reload();
      const row = await findCard(page, name);
      await eventually(async () => {
        const text = (await row.textContent()).replace(/[\u202f\u00a0]/g, ' ');
        assert.ok(text.includes(named), `${text} names ${named}`);
        assert.ok(!text.includes(slot.time), 'the old name is gone');
      });
      // A second registration by the key still works after the move.
      await register(baseURL, unique('Truth Moved Later'), { time: slot.time });
    },
  },
  {
    name: 'One truth (case 7, en): reopening a slot that has started is refused in words, and it stays closed',
    async run({ page, baseURL, adminPassword }) {
      await logIn(page, adminPassword);
      const reopened = await adminCall(
        page,
        baseURL,
        'POST',
        `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(openSlot.closedTime)}/reopen`,
      );
      assert.equal(reopened.status(), 409);
      assert.match((await reopened.json()).message, /cannot be reopened/);

      await page
        .getByRole('navigation', { name: 'Command Center pages' })
        .getByRole('link', { name: 'Tour' })
        .click();
      await visible(page.getByRole('heading', { level: 1, name: 'Tour' }));
      const slot = page.getByRole('listitem', { name: openSlot.closedTime, exact: true });
      await slot.getByRole('button', { name: 'Reopen' }).click();
      const reopening = page.getByRole('alertdialog', { name: `Reopen ${openSlot.closedTime}?` });
      await reopening.getByRole('button', { name: 'Reopen the slot' }).click();
      await visible(page.getByText('Reopen Failed'));
      await visible(page.getByText(/has started, or is about to: registration for it has closed/));
      await visible(slot.getByText('Closed', { exact: true }));
      const capacity = await (await fetch(`${baseURL}/api/capacity`)).json();
      assert.equal(capacity.bucharest?.[openSlot.closedTime]?.status ?? 'closed', 'closed');
    },
  },
  {
    name: 'One truth (case 8, en): the export of the view writes the rows the toast counts, with status and paid',
    async run({ page, baseURL, adminPassword }) {
      const batch = unique('Truth Export');
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 90, at: [14, 0] });
      for (let index = 0; index < 3; index += 1) {
        await register(baseURL, `${batch} ${index}`, { time: slot.time });
      }
      await page.getByLabel('Search by name, email or phone').fill(batch);
      await visible(page.getByText('Showing 3 of', { exact: false }));
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export this view', exact: true }).click(),
      ]);
      const bytes = await readFile(await file.path());
      const rows = Papa.parse(bytes.subarray(3).toString('utf8'), { skipEmptyLines: true }).data;
      assert.deepEqual(rows[0].slice(9), ['Status', 'Paid', 'Language', 'Shared dreams', 'Door']);
      assert.equal(rows.length - 1, 3, 'the file holds the three rows the list shows');
      for (const row of rows.slice(1)) {
        assert.ok(row[0].startsWith(batch));
        assert.deepEqual(row.slice(9), ['held', 'NO', 'en', '0', '']);
      }
      await visible(page.getByText(/^3 registrations exported to registrations-view-/));
    },
  },
  {
    name: "One truth (case 9, en): the cancel page gives the cut-off of the email, in the show's zone, read from Rome and New York alike",
    async run({ browser, startOwnServer }) {
      // The confirmation email leaves through the outbox: a server of the scenario's own, its
      // workers on; the cut-off is the slot's start, so an open slot can still be cancelled.
      const own = await startOwnServer(
        { WORKERS: 'true', CANCELLATION_CLOSES_HOURS_BEFORE: '0' },
        'server-truth-zones.log',
      );
      const errors = [];
      const contexts = [];
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const name = unique('Truth Zones');
        const { registrationId, url } = await register(own.baseURL, name, time);
        const paying = await ownContext(browser, own.baseURL, errors);
        contexts.push(paying);
        const payer = await paying.newPage();
        await payer.goto(url);
        await payInSandbox(payer);

        const cancelLink = await linkIn(own.dataDir, registrationId, 'cancel');
        const email = plain(await mailTexts(own.dataDir, registrationId));
        const [, emailed] = email.match(/you may cancel until (.+?) and your payment is refunded/);
        // The show is in Bucharest: the zone is named, as the email names it.
        assert.match(emailed, /(GMT\+[23]|EET|EEST)$/);

        const read = [];
        for (const timezoneId of ['Europe/Rome', 'America/New_York']) {
          const context = await ownContext(browser, own.baseURL, errors, { timezoneId });
          contexts.push(context);
          const page = await context.newPage();
          await page.goto(cancelLink);
          await visible(page.getByText(name));
          const sentence = page.getByText(/^You may cancel here until /);
          await visible(sentence);
          const [, until] = plain(await sentence.textContent()).match(
            /^You may cancel here until (.+?)\. What you paid/,
          );
          read.push(until);
        }
        assert.deepEqual(read, [emailed, emailed], 'Rome, New York and the email read one cut-off');
        assert.deepEqual(errors, []);
      } finally {
        for (const context of contexts) await context.close();
        await own.stop();
      }
    },
  },
];
