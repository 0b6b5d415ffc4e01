// After the door: a booking whose life stays true once the evening begins. A visitor let in at
// /admin/door who opens their email's cancel link is told why they cannot cancel; seat numbers
// stay what the door and the sheet said after a cancellation ahead; the door's list holds
// handles that open no public route; a phone's clock in 1970 does not date a check-in; undoing
// the late check-in of a no-show gives the no-show back.
/* global window -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { register, unique } from './command-center.e2e.mjs';
import {
  checkedInByServer as checkedIn,
  doorHandleOf,
  doorList,
  openDoor,
  paidVisitor,
  pay,
  row,
} from './door.e2e.mjs';
import { readOpenSlot } from './open-slot.mjs';
import { invite, joinAs, joinLink, ownerSignsIn } from './operators.e2e.mjs';
import { totpCode } from './totp.mjs';
import { adminCall, eventually, linkIn, slotOfItsOwn, visible } from './support.mjs';

/** A context of its own on `baseURL`, a phone's size, for the door or the visitor. */
const phone = (browser, baseURL) =>
  browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });

export const afterTheDoorScenarios = [
  {
    name: 'After the door (en): a visitor let in at the door opens the email’s cancel link and is told in words why not; no seat goes back; an operator still cancels, with a reason',
    async run({ browser, startOwnServer, adminPassword }) {
      // The email leaves through the outbox (workers on); cancelling is open until the start.
      const own = await startOwnServer(
        { WORKERS: 'true', CANCELLATION_CLOSES_HOURS_BEFORE: '0' },
        'server-after-the-door.log',
      );
      const door = await phone(browser, own.baseURL);
      const visitor = await phone(browser, own.baseURL);
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const name = unique('Let In');
        const { url, registrationId } = await register(own.baseURL, name, { time });
        await pay(url);
        const page = await door.newPage();
        await openDoor(page, adminPassword, time);
        await visible(row(page, name), 20_000);
        await row(page, name)
          .getByRole('button', { name: `Check in ${name}` })
          .click();
        await visible(row(page, name).getByText(checkedIn));

        const cancelLink = await linkIn(own.dataDir, registrationId, 'cancel');
        const booking = await visitor.newPage();
        await booking.goto(cancelLink);
        await visible(booking.getByText(name));
        await visible(booking.getByText(/You have been let in at the door/));
        assert.equal(
          await booking.getByRole('button', { name: 'Cancel my booking' }).count(),
          0,
          'the page still offers to cancel',
        );
        // The link's own request, as a page opened before the check-in would send it.
        const token = decodeURIComponent(
          new URL(cancelLink, own.baseURL).searchParams.get('token'),
        );
        const refused = await fetch(`${own.baseURL}/api/registrations/cancel`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token }),
        });
        assert.equal(refused.status, 409);
        assert.equal((await refused.json()).reason, 'checked-in');
        const list = await doorList(page, own.baseURL, time);
        assert.equal(
          list.seated.find((person) => person.handle === doorHandleOf(registrationId))?.state,
          'checked-in',
        );

        // The box office still cancels, from the console, saying why: the dialog asks for it.
        const path = `/api/admin/registrations/${registrationId}/cancel`;
        const bare = await adminCall(page, own.baseURL, 'POST', path, { refund: false });
        assert.equal(bare.status(), 400, await bare.text());
        await page.goto('/admin');
        await page.getByLabel('Search by name, email or phone').fill(name);
        const card = page.getByRole('article', { name, exact: true });
        await visible(card);
        await card.getByRole('button', { name: 'Cancel', exact: true }).click();
        const dialog = page.getByRole('alertdialog');
        await visible(dialog.getByText(/was let in at the door, or the performance has begun/));
        await dialog.getByLabel('Reason').fill('Left before the start, unwell.');
        await dialog.getByRole('button', { name: 'Cancel the registration' }).click();
        await visible(card.getByText('CANCELLED', { exact: true }));
        const history = await adminCall(
          page,
          own.baseURL,
          'GET',
          `/api/admin/registrations/${registrationId}/history`,
        );
        const entries = (await history.json()).events;
        const cancelledEntry = entries.find((entry) => entry.type === 'RegistrationCancelled');
        assert.equal(
          cancelledEntry?.payload?.cancellationNote,
          'Left before the start, unwell.',
          JSON.stringify(entries.map((entry) => [entry.type, entry.payload])),
        );
      } finally {
        await door.close();
        await visitor.close();
        await own.stop();
      }
    },
  },
  {
    name: 'After the door (en): seat numbers are facts: after a cancellation ahead the door shows the same seats, the sheet printed before is still right, and the freed seat goes to the next person',
    async run({ page, baseURL, adminPassword }) {
      await openDoor(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { hours: 5 });
      const names = [unique('Seat First'), unique('Seat Second'), unique('Seat Third')];
      const ids = [];
      for (const name of names) ids.push(await paidVisitor(page, baseURL, time, name));
      await openDoor(page, adminPassword, time);
      const seatOf = (name) =>
        row(page, name).locator('.door-person__seat').textContent({ timeout: 15_000 });
      const before = [];
      for (const name of names) before.push(Number(await seatOf(name)));
      assert.deepEqual(before, [1, 2, 3]);
      await row(page, names[2])
        .getByRole('button', { name: `Check in ${names[2]}` })
        .click();
      await visible(row(page, names[2]).getByText(checkedIn));
      const sheetPath = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(time)}/dreams`;
      const printed = await (await adminCall(page, baseURL, 'GET', sheetPath)).json();
      const sheetSeat = (sheet, id) =>
        sheet.dreams.find((dream) => dream.registrationId === id)?.seat;

      // The first cancels ahead of them (by the box office, before the door).
      const cancelled = await adminCall(
        page,
        baseURL,
        'POST',
        `/api/admin/registrations/${ids[0]}/cancel`,
        { refund: false },
      );
      assert.equal(cancelled.status(), 200, await cancelled.text());
      await page.reload();
      await visible(row(page, names[1]));
      await eventually(async () => assert.equal(await row(page, names[0]).count(), 0));
      assert.equal(Number(await seatOf(names[1])), 2);
      assert.equal(Number(await seatOf(names[2])), 3);
      const now = await (await adminCall(page, baseURL, 'GET', sheetPath)).json();
      assert.equal(sheetSeat(now, ids[1]), sheetSeat(printed, ids[1]));
      assert.equal(sheetSeat(now, ids[2]), sheetSeat(printed, ids[2]));

      const next = unique('Seat Next');
      await paidVisitor(page, baseURL, time, next);
      await page.reload();
      await visible(row(page, next), 20_000);
      assert.equal(Number(await seatOf(next)), 1);
    },
  },
  {
    name: 'After the door (en): the door page holds handles, not capabilities: no id of its list opens a public route, and checking in by name still works',
    async run({ page, baseURL, adminPassword }) {
      await openDoor(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { hours: 6 });
      const seated = unique('Handle Seated');
      await paidVisitor(page, baseURL, time, seated);
      const held = unique('Handle Held');
      await register(baseURL, held, { time });
      const listed = page.waitForResponse(
        (response) =>
          response.url().includes(`/slots/${encodeURIComponent(time)}/door`) && response.ok(),
      );
      await openDoor(page, adminPassword, time);
      const list = await (await listed).json();
      const ids = [];
      const collect = (value, key = '') => {
        if (typeof value === 'string' && /(^id$|Id$|handle)/i.test(key)) ids.push(value);
        else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
        else if (value && typeof value === 'object') {
          for (const [name, item] of Object.entries(value)) collect(item, name);
        }
      };
      collect(list);
      assert.ok(ids.length >= 2, `the list named ${ids.length} people`);
      for (const id of ids) {
        const read = await fetch(`${baseURL}/api/registrations/${encodeURIComponent(id)}`);
        const text = await read.text();
        assert.ok(read.status >= 400, `GET /api/registrations/${id} answered ${read.status}`);
        assert.ok(!text.includes(seated) && !text.includes(held), `${id} read a name`);
        const given = await fetch(
          `${baseURL}/api/registrations/${encodeURIComponent(id)}/give-back`,
          { method: 'POST' },
        );
        assert.ok(given.status >= 400, `give-back with ${id} answered ${given.status}`);
      }
      await row(page, seated)
        .getByRole('button', { name: `Check in ${seated}` })
        .click();
      await visible(row(page, seated).getByText(checkedIn));
      await row(page, seated)
        .getByRole('button', { name: `Undo the check-in of ${seated}` })
        .click();
      await visible(row(page, seated).getByText(/^Not yet arrived$/));
    },
  },
  {
    name: 'After the door (en): a check-in sent with a phone clock of 1970 is recorded at the server’s time, not on another day',
    async run({ page, baseURL, adminPassword }) {
      await openDoor(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { hours: 7 });
      const name = unique('Old Clock');
      const id = await paidVisitor(page, baseURL, time, name);
      const sent = Date.now();
      const answer = await adminCall(page, baseURL, 'POST', '/api/admin/check-ins', {
        handle: doorHandleOf(id),
        event: 'bucharest',
        time,
        deviceTime: '1970-01-01T00:00:00Z',
        device: 'Phone with a flat battery',
      });
      assert.equal(answer.status(), 200, await answer.text());
      const at = Date.parse((await answer.json()).checkedInAt);
      assert.ok(at >= sent - 2_000 && at <= Date.now() + 2_000, new Date(at).toISOString());
      await openDoor(page, adminPassword, time);
      const state = row(page, name).getByText(checkedIn);
      await visible(state);
      const shown = await page.evaluate(
        (instant) => new Date(instant).toLocaleTimeString('en', { timeStyle: 'short' }),
        at,
      );
      assert.match(await state.textContent(), new RegExp(`^Checked in at ${shown}`));
    },
  },
  {
    name: 'After the door (en): undoing the late check-in of a no-show gives the no-show back',
    // A minute on its own server waiting for the clock: run beside the workers (run.mjs).
    waitsOnTheClock: true,
    async run({ browser, startOwnServer, adminPassword }) {
      // A slot that starts a minute from now, still open for registration until it does.
      const own = await startOwnServer(
        { REGISTRATION_CLOSES_MINUTES_BEFORE: '0' },
        'server-after-the-door-no-show.log',
      );
      const door = await phone(browser, own.baseURL);
      try {
        const page = await door.newPage();
        await openDoor(page, adminPassword);
        const startsAt = new Date(Date.now() + 60_000);
        const added = await adminCall(
          page,
          own.baseURL,
          'POST',
          '/api/admin/tour/events/bucharest/slots',
          { startsAt: startsAt.toISOString(), capacity: 5 },
        );
        assert.equal(added.status(), 201, await added.text());
        const { time } = (await added.json()).slots.find(
          (slot) => Math.abs(Date.parse(slot.startsAt) - startsAt.getTime()) < 1000,
        );
        const name = unique('Came Late');
        const { registrationId } = await register(own.baseURL, name, { time });
        const marked = await adminCall(
          page,
          own.baseURL,
          'PATCH',
          `/api/admin/registrations/${registrationId}/paid`,
          { paid: true },
        );
        assert.equal(marked.status(), 200, await marked.text());
        await openDoor(page, adminPassword, time);
        await visible(row(page, name));
        await page.waitForTimeout(Math.max(0, startsAt.getTime() - Date.now() + 1_000));
        await page.reload();
        await page.getByRole('button', { name: 'Mark the no-shows' }).click({ timeout: 20_000 });
        await page.getByRole('button', { name: 'Mark no-shows' }).click();
        await visible(row(page, name).getByText(/^No-show$/), 15_000);

        await row(page, name)
          .getByRole('button', { name: `Check in ${name}` })
          .click();
        await visible(row(page, name).getByText(checkedIn));
        await row(page, name)
          .getByRole('button', { name: `Undo the check-in of ${name}` })
          .click();
        await visible(row(page, name).getByText(/^No-show$/));
        const list = await doorList(page, own.baseURL, time);
        assert.equal(list.seated[0].state, 'no-show');
      } finally {
        await door.close();
        await own.stop();
      }
    },
  },
  {
    name: 'After the door (en): a box-office operator moved to the door loses the console’s live feed within seconds',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-after-the-door-feed.log');
      const ownerContext = await browser.newContext({ baseURL: own.baseURL });
      const operatorContext = await browser.newContext({ baseURL: own.baseURL });
      try {
        const owner = await ownerContext.newPage();
        await ownerSignsIn(owner, adminPassword);
        const name = unique('Bianca Box');
        const operatorId = await invite(owner, own.baseURL, name, 'Box office');
        const page = await operatorContext.newPage();
        await joinAs(page, await joinLink(own.dataDir, operatorId), name);
        const app = page.getByRole('group', { name: 'An authenticator app' });
        await app.getByRole('button', { name: 'Use an authenticator app' }).click();
        const secret = (await page.locator('.totp-secret').innerText()).trim();
        await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret));
        await page.getByRole('button', { name: 'Confirm' }).click();
        const codes = page.getByRole('region', { name: 'Your recovery codes' });
        await codes.getByRole('button', { name: 'I have kept them' }).click();
        await visible(page.locator('.console-nav'));

        // The feed as the console holds it open: it ends when the server ends it.
        await page.evaluate(() => {
          window.feedEnded = (async () => {
            const response = await fetch('/api/admin/events/live', {
              headers: { accept: 'text/event-stream' },
            });
            if (response.status !== 200) return { status: response.status, at: Date.now() };
            const reader = response.body.getReader();
            while (!(await reader.read()).done);
            return { status: 200, at: Date.now() };
          })();
        });
        await page.waitForTimeout(2_500);
        const moved = Date.now();
        const changed = await adminCall(
          owner,
          own.baseURL,
          'PATCH',
          `/api/admin/operators/${operatorId}`,
          {
            role: 'door',
          },
        );
        assert.equal(changed.status(), 200, await changed.text());
        const ended = await page.evaluate(() =>
          Promise.race([
            window.feedEnded,
            new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
          ]),
        );
        assert.ok(ended, 'the live feed stayed open after the role lost its permission');
        assert.equal(ended.status, 200);
        assert.ok(ended.at - moved < 8_000, `ended ${ended.at - moved} ms after the move`);
        const again = await adminCall(page, own.baseURL, 'GET', '/api/admin/events/live');
        assert.equal(again.status(), 403);
      } finally {
        await ownerContext.close();
        await operatorContext.close();
        await own.stop();
      }
    },
  },
];
