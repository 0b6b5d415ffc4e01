// The door as a door person meets it, on a 360 × 740 phone: the page is the whole screen (no
// site header), the list starts above the fold and the sign-in toast covers no control; the phone
// is named by its operator and every "checked in by" names a person, never a code; the search
// ignores case and diacritics; the history tells a check-in and a sheet approval in words. And a
// visitor's page after payment tells the booking as it is now.
/* global document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { register } from './command-center.e2e.mjs';
import { pay, row } from './door.e2e.mjs';
import {
  adminCall,
  axeViolations,
  eventually,
  pageInLanguage,
  recordAnnouncements,
  slotOfItsOwn,
  visible,
  wasAnnounced,
} from './support.mjs';

let seq = 0;
const unique = (tag) => `${tag} ${Date.now().toString(36)}${(seq += 1)}`;

const PHONE = { width: 360, height: 740 };

/** A code the door once made up for an unnamed phone; no answer may name a phone so. */
const MADE_UP_PHONE_NAME = /door-[0-9a-f]{8}/;

/** Signs the owner in through the door page's own gate, on a phone-sized page. */
async function signInAtTheDoor(page, adminPassword) {
  await page.goto('/admin/door');
  const owner = page.locator('.admin-gate form:has(input[name="password"])');
  await owner.locator('input[name="password"]').fill(adminPassword);
  await owner.locator('button[type="submit"]').click();
  await visible(page.locator('.door-page'));
}

async function chooseSlot(page, time) {
  await page.locator('.door-page select').selectOption(`bucharest\n${time}`);
}

/** The boxes of every control on the page a toast could cover. */
function controlBoxes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button, main input, main select, main a, main label')]
      .filter((element) => !element.closest('.toast, .toast-plain'))
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          what: `${element.tagName} ${element.textContent?.trim() || element.getAttribute('aria-label') || ''}`,
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
        };
      })
      .filter((box) => box.bottom > box.top && box.right > box.left),
  );
}

/** The slot's door list, as a door phone reads it. */
async function doorList(page, baseURL, time) {
  const response = await adminCall(
    page,
    baseURL,
    'GET',
    `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(time)}/door`,
  );
  assert.equal(response.status(), 200, await response.text());
  return response.json();
}

/**
 * Registers and pays `name` in `time`; answers their row of the door list once seated, with the
 * registration's id (which the door never sees).
 */
async function paidVisitor(page, baseURL, time, name) {
  const { url, registrationId } = await register(baseURL, name, { time });
  assert.ok(url, `${name} got no payment page`);
  await pay(url);
  let seated;
  await eventually(async () => {
    seated = (await doorList(page, baseURL, time)).seated.find((person) => person.name === name);
    assert.ok(seated, `${name} is not seated yet`);
  });
  return { ...seated, registrationId };
}

const overlaps = (a, b) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export const doorPersonScenarios = [
  {
    name: 'Door person (360×740): the door is the whole screen, the list above the fold, the sign-in toast announced and covering no control',
    async run({ browser, page: setup, baseURL, adminPassword }) {
      await signInAtTheDoor(setup, adminPassword);
      const { time } = await slotOfItsOwn(setup, baseURL, { hours: 2 });
      const seated = unique('Fold Seated');
      await paidVisitor(setup, baseURL, time, seated);

      const context = await browser.newContext({ baseURL, viewport: PHONE });
      try {
        const page = await context.newPage();
        // Announced: Radix's toasts speak through a live region, the plain one is a status.
        await recordAnnouncements(page);
        await signInAtTheDoor(page, adminPassword);
        const toast = page.locator('.toast, .toast-plain').filter({ hasText: 'Access Granted' });
        await visible(toast);
        assert.ok(await wasAnnounced(page, 'Access Granted'), 'the sign-in toast is announced');
        await chooseSlot(page, time);
        await visible(row(page, seated));

        // No public header: no menu, no Register, no footer.
        assert.equal(await page.locator('.site-header').count(), 0, 'no site header');
        assert.equal(await page.getByRole('button', { name: 'Menu' }).count(), 0, 'no Menu');
        assert.equal(await page.getByRole('link', { name: 'Register' }).count(), 0, 'no Register');
        assert.equal(await page.locator('.site-footer').count(), 0, 'no footer');

        // The search and the first row of the list are on the first screen, toast and all.
        const search = await page.getByRole('searchbox', { name: 'Find a name' }).boundingBox();
        assert.ok(search && search.y + search.height <= PHONE.height, `search at ${search?.y}`);
        const first = await page.locator('.door-person').first().boundingBox();
        assert.ok(
          first && first.y + first.height <= PHONE.height,
          `the list's first row ends at ${first && first.y + first.height} px, below the fold`,
        );

        // The toast covers no control while it shows.
        await visible(toast);
        const toastBox = await toast.first().boundingBox();
        assert.ok(toastBox, 'the toast has a box');
        const box = {
          top: toastBox.y,
          bottom: toastBox.y + toastBox.height,
          left: toastBox.x,
          right: toastBox.x + toastBox.width,
        };
        const covered = (await controlBoxes(page)).filter((control) => overlaps(box, control));
        assert.deepEqual(covered, [], 'controls under the toast');

        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.equal(sideways, 0, `${sideways} px of sideways scroll at 360 px`);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'Door person (360×740): a phone named by its operator; every "checked in by" names the operator and the phone, never a code',
    async run({ browser, page: setup, baseURL, adminPassword }) {
      await signInAtTheDoor(setup, adminPassword);
      const { time } = await slotOfItsOwn(setup, baseURL, { hours: 3 });
      const name = unique('Named Phone Visitor');
      await paidVisitor(setup, baseURL, time, name);

      const phoneA = await browser.newContext({ baseURL, viewport: PHONE });
      const phoneB = await browser.newContext({ baseURL, viewport: PHONE });
      try {
        const a = await phoneA.newPage();
        const b = await phoneB.newPage();
        await signInAtTheDoor(a, adminPassword);
        await chooseSlot(a, time);
        await visible(a.getByText('This phone has no name yet'));
        await a.getByRole('button', { name: 'Name this phone' }).click();
        const field = a.getByRole('textbox', { name: 'This phone’s name' });
        await field.fill('   ');
        await a.getByRole('button', { name: 'Save' }).click();
        await visible(a.getByText('Type a name with at least one letter or digit.'));
        await field.fill('  Door phone 1 ');
        await a.getByRole('button', { name: 'Save' }).click();
        await visible(a.getByText('This phone: Door phone 1'));

        await row(a, name)
          .getByRole('button', { name: `Check in ${name}` })
          .click();
        await visible(row(a, name).getByText(/^Checked in at .+ by the owner on Door phone 1$/));

        // Kept on the phone: after a reload, it is still named.
        await a.reload();
        await visible(a.getByText('This phone: Door phone 1'));

        // Another phone, unnamed, is told who was first, by name.
        await signInAtTheDoor(b, adminPassword);
        await chooseSlot(b, time);
        await visible(row(b, name).getByText(/^Checked in at .+ by the owner on Door phone 1$/));

        const person = (await doorList(a, baseURL, time)).seated.find((seat) => seat.name === name);
        assert.equal(person.checkedInBy, 'owner');
        assert.equal(person.checkedInDevice, 'Door phone 1');

        const again = await adminCall(a, baseURL, 'POST', '/api/admin/check-ins', {
          handle: person.handle,
          event: 'bucharest',
          time,
          device: 'Phone\u0007B',
        });
        assert.equal(again.status(), 400, 'a phone name with a control character is refused');
        for (const page of [a, b]) {
          assert.doesNotMatch(await page.locator('body').innerText(), MADE_UP_PHONE_NAME);
        }
      } finally {
        await phoneA.close();
        await phoneB.close();
      }
    },
  },
  {
    name: 'Door person (360×740): axe finds nothing on the full-screen door, its toast shown and its phone-name form open, in en, it and ro',
    async run({ browser, page: setup, baseURL, adminPassword, axePath }) {
      await signInAtTheDoor(setup, adminPassword);
      const { time } = await slotOfItsOwn(setup, baseURL, { hours: 6 });
      const seated = unique('Axe Seated');
      await paidVisitor(setup, baseURL, time, seated);
      for (const [language, nameThisPhone, save] of [
        ['en', 'Name this phone', 'Save'],
        ['it', 'Dai un nome a questo telefono', 'Salva'],
        ['ro', 'Dă un nume acestui telefon', 'Salvează'],
      ]) {
        // axe is added to the page as a script, which the site's policy would refuse.
        const { context, page } = await pageInLanguage(browser, language, {
          baseURL,
          viewport: PHONE,
          bypassCSP: true,
        });
        try {
          await signInAtTheDoor(page, adminPassword);
          await chooseSlot(page, time);
          await visible(row(page, seated));
          await visible(page.locator('.toast, .toast-plain'));
          assert.deepEqual(await axeViolations(page, axePath), [], `axe in ${language}`);
          await page.getByRole('button', { name: nameThisPhone }).click();
          await page.getByRole('button', { name: save }).click();
          await visible(page.locator('.door-phone .field-error'));
          assert.deepEqual(
            await axeViolations(page, axePath),
            [],
            `axe in ${language}, the phone's name refused`,
          );
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    name: 'Door person (360×740): the search finds Ștefan by "stefan", the cedilla form and any case',
    async run({ browser, page: setup, baseURL, adminPassword }) {
      await signInAtTheDoor(setup, adminPassword);
      const { time } = await slotOfItsOwn(setup, baseURL, { hours: 4 });
      const tag = Date.now().toString(36);
      const stefan = `Ștefan Dumitrescu ${tag}`;
      const niccolo = `Niccolò Bàrberi ${tag}`;
      const other = `Ana Popescu ${tag}`;
      for (const name of [stefan, niccolo, other]) await paidVisitor(setup, baseURL, time, name);

      const context = await browser.newContext({ baseURL, viewport: PHONE });
      try {
        const page = await context.newPage();
        await signInAtTheDoor(page, adminPassword);
        await chooseSlot(page, time);
        await visible(row(page, stefan));
        const search = page.getByRole('searchbox', { name: 'Find a name' });
        for (const typed of ['stefan', 'STEFAN DUMITRESCU', 'ştefan', 'ștefan']) {
          await search.fill(typed);
          await visible(row(page, stefan));
          await eventually(async () => assert.equal(await row(page, other).count(), 0, typed));
        }
        await search.fill('niccolo barberi');
        await visible(row(page, niccolo));
        await eventually(async () => assert.equal(await row(page, stefan).count(), 0));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'Door person: the history tells a check-in and a sheet approval in words, naming the operator',
    async run({ page, baseURL, adminPassword }) {
      await signInAtTheDoor(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { hours: 5 });
      const name = unique('History Words');
      const { handle, registrationId } = await paidVisitor(page, baseURL, time, name);
      const checkedIn = await adminCall(page, baseURL, 'POST', '/api/admin/check-ins', {
        handle,
        event: 'bucharest',
        time,
        device: 'Door phone 7',
      });
      assert.equal(checkedIn.status(), 200, await checkedIn.text());
      const approved = await adminCall(
        page,
        baseURL,
        'POST',
        `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(time)}/dreams/approval`,
        { dreams: [{ registrationId, text: 'A corridor of doors that open onto the sea.' }] },
      );
      assert.equal(approved.status(), 200, await approved.text());

      await page.goto('/admin');
      await page.getByLabel('Search by name, email or phone').fill(name);
      const card = page.getByRole('article', { name, exact: true });
      await visible(card);
      await card.getByRole('button', { name: 'History' }).click();
      const drawer = page.getByRole('dialog', { name: `History of ${name}` });
      await visible(drawer.getByText('Checked in at the door by the owner'));
      await visible(drawer.getByText('Dream approved for the performers’ sheet by the owner'));
      await visible(drawer.getByText('Door phone 7'));
      const text = await drawer.innerText();
      for (const raw of ['CheckedIn', 'SheetDreamApproved', 'approvedBy', 'keyId']) {
        assert.ok(!text.includes(raw), `the history shows the raw "${raw}"`);
      }
      assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/, 'an id in the history');
    },
  },
  {
    name: 'Door person (360×740): the page after payment, opened again once the booking is cancelled, says so in its headline',
    async run({ browser, page: setup, baseURL, adminPassword }) {
      await signInAtTheDoor(setup, adminPassword);
      const name = unique('Cancelled Payer');
      // A slot of its own: the open slot may be full after the scenarios before this one.
      const { time } = await slotOfItsOwn(setup, baseURL, { hours: 7 });
      const { url, registrationId } = await register(baseURL, name, { time });
      await pay(url);
      const sessionId = new URL(url).pathname.split('/').pop();
      const context = await browser.newContext({ baseURL, viewport: PHONE });
      try {
        const page = await context.newPage();
        await page.goto(`/confirmation?session_id=${encodeURIComponent(sessionId)}`);
        await visible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
        await visible(page.getByText('CONFIRMED', { exact: true }));

        const cancelled = await adminCall(
          setup,
          baseURL,
          'POST',
          `/api/admin/registrations/${registrationId}/cancel`,
          { refund: false },
        );
        assert.equal(cancelled.status(), 200, await cancelled.text());
        await page.reload();
        await visible(
          page.getByRole('heading', { level: 1, name: 'Your registration is cancelled' }),
        );
        await visible(page.getByText('CANCELLED', { exact: true }));
        assert.equal(await page.getByText('Payment Successful!').count(), 0);
        assert.equal(await page.locator('.confirmation__icon').count(), 0, 'no green check');
        const headline = await page.getByRole('heading', { level: 1 }).boundingBox();
        assert.ok(headline && headline.y < PHONE.height, 'the headline is on the first screen');
        assert.equal(
          await page.evaluate(() => document.title.includes('Payment Successful')),
          false,
          'the tab title',
        );
      } finally {
        await context.close();
      }
    },
  },
];
