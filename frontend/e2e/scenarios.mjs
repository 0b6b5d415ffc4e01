// The public site's scenarios, run in order by run.mjs; each gets a fresh browser context.
/* global document, getComputedStyle -- these run inside page.evaluate, in the browser */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openSlot } from './open-slot.mjs';
import {
  axeViolations,
  DREAM,
  eventually,
  fillRegistration,
  gotoSettled,
  LANGUAGES,
  pageInLanguage,
  payInSandbox,
  ROUTES,
  uniqueEmail,
  visible,
} from './support.mjs';

async function describedBy(locator) {
  const ids = (await locator.getAttribute('aria-describedby')) ?? '';
  const page = locator.page();
  const texts = [];
  for (const id of ids.split(/\s+/).filter(Boolean)) {
    texts.push((await page.locator(`[id="${id}"]`).textContent()) ?? '');
  }
  return texts.join(' ');
}

/** The language code the switcher shows (drawn by CSS, see the switcher). */
const shownCode = (switcher) =>
  switcher
    .locator('.language-switcher__code')
    .evaluate((element) => getComputedStyle(element, '::after').content.replaceAll('"', ''));

async function registerByApi(baseURL, tag) {
  const response = await fetch(`${baseURL}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: `E2E ${tag}`,
      email: uniqueEmail(tag),
      whatsapp: '+40 712 345 678',
      event: 'bucharest',
      time: openSlot.time,
      dream: DREAM,
      dreamedCaptured: false,
      locale: 'en',
    }),
  });
  assert.equal(response.ok, true, `registration answered ${response.status}`);
  return response.json();
}

async function openSlotCapacity(baseURL) {
  const response = await fetch(`${baseURL}/api/capacity`);
  return (await response.json()).bucharest[openSlot.time];
}

export const scenarios = [
  {
    name: "keeps the home route's JavaScript within 120 KB gzip",
    async run() {
      const script = fileURLToPath(new URL('../scripts/measure-home.mjs', import.meta.url));
      const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stdout + result.stderr);
    },
  },
  {
    name: 'registers and pays in the sandbox, landing on the confirmation',
    async run({ page }) {
      await gotoSettled(page, '/');
      const hero = page.getByRole('button', { name: 'Register now' });
      await hero.click();
      await visible(page.getByRole('heading', { name: 'Register for the performance' }));
      await eventually(async () =>
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'registration-title'),
      );
      await visible(page.getByText('Ticket price: 35 RON'));

      const submit = page.getByRole('button', { name: 'COMPLETE REGISTRATION' });
      assert.equal(await submit.isDisabled(), true);
      await fillRegistration(page, { name: 'Ana Sandbox', email: uniqueEmail('paid') });
      await eventually(async () => assert.equal(await submit.isEnabled(), true));
      await submit.click();

      await page.waitForURL(/\/sandbox\/checkout\//);
      await payInSandbox(page);
      // The payer, back with the checkout session id, reads the phone too.
      await visible(page.getByText('+40 712 345 678'));
      await visible(page.getByText('CONFIRMED'));
      await page.getByRole('link', { name: 'View your registration' }).click();
      await page.waitForURL(/\/confirmation\/[0-9a-f-]+$/);
      await visible(page.getByText('Ana Sandbox'));
      await visible(page.getByText('CONFIRMED'));
      // The page by id (a link anyone may be given) never shows it.
      assert.equal(await page.getByText('+40 712 345 678').count(), 0);
    },
  },
  {
    name: 'shows each validation message under its field',
    async run({ page, axePath }) {
      await page.goto('/?register=true');
      await visible(page.getByRole('radio', { name: openSlot.day }));
      const checks = [
        [page.getByLabel(/^Name/), '', 'Name is required'],
        [page.getByLabel(/^Email/), 'not-an-email', 'Please enter a valid email address'],
        [page.getByLabel(/^Phone Number/), '', 'Phone number is required'],
        [
          page.getByLabel(/^Your dream/),
          'A short dream.',
          'Please share your dream with at least 100 characters - it will be part of the performance',
        ],
      ];
      for (const [field, value, message] of checks) {
        await field.focus();
        if (value) await field.fill(value);
        await page.keyboard.press('Tab');
        await visible(page.getByText(message, { exact: true }));
        assert.match(
          await describedBy(field),
          new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        );
        assert.equal(await field.getAttribute('aria-invalid'), 'true');
      }
      await visible(page.getByText('14 / 100'));
      await visible(page.getByText('Please write at least 86 more characters'));

      const slot = page.getByRole('radio', { name: openSlot.day });
      await slot.focus();
      await page.keyboard.press('Tab');
      await visible(page.getByText('Please select a time slot', { exact: true }));
      assert.match(await describedBy(slot), /Please select a time slot/);

      const location = page.getByLabel(/^Location/);
      await location.selectOption('matera');
      await visible(page.getByText('Only Bucharest event is available', { exact: true }));
      assert.match(await describedBy(location), /Only Bucharest event is available/);
      assert.equal(await page.getByRole('radio').count(), 0);
      assert.deepEqual(await axeViolations(page, axePath), [], 'the form with its messages');
    },
  },
  {
    name: 'registers with the keyboard alone',
    async run({ page }) {
      await page.goto('/');
      for (let presses = 0; presses < 40; presses += 1) {
        await page.keyboard.press('Tab');
        const text = await page.evaluate(() => document.activeElement?.textContent ?? '');
        if (text === 'Register now') break;
      }
      await page.keyboard.press('Enter');
      await visible(page.getByRole('heading', { name: 'Register for the performance' }));
      await page.keyboard.press('Tab'); // location
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'event');
      await page.keyboard.press('Tab'); // the open slot (the closed one is disabled)
      await page.keyboard.press('Space');
      assert.equal(await page.getByRole('radio', { name: openSlot.day }).isChecked(), true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Keyboard Person');
      await page.keyboard.press('Tab');
      await page.keyboard.type(uniqueEmail('keyboard'));
      await page.keyboard.press('Tab');
      await page.keyboard.type('0712345678');
      await page.keyboard.press('Tab');
      await page.keyboard.type(DREAM);
      await page.keyboard.press('Tab');
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'COMPLETE REGISTRATION',
      );
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/sandbox\/checkout\//);
    },
  },
  {
    name: 'cycles the language and keeps it after a reload',
    async run({ page }) {
      await page.goto('/');
      const switcher = page.locator('button.language-switcher');
      const expectLanguage = async (lang, code, label, navText) => {
        await eventually(async () => {
          assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
          assert.equal(await switcher.getAttribute('aria-label'), label);
          assert.equal(await shownCode(switcher), code);
          assert.equal(await page.evaluate(() => localStorage.getItem('language') ?? 'en'), lang);
        });
        await visible(page.getByRole('link', { name: navText, exact: true }));
      };
      await expectLanguage('en', 'EN', 'Switch language to Italian', 'Press');
      await switcher.click();
      await expectLanguage('it', 'IT', 'Switch language to Romanian', 'Stampa');
      await page.reload();
      await expectLanguage('it', 'IT', 'Switch language to Romanian', 'Stampa');
      await switcher.click();
      await expectLanguage('ro', 'RO', 'Switch language to English', 'Presă');
      await page.reload();
      await expectLanguage('ro', 'RO', 'Switch language to English', 'Presă');
      await switcher.click();
      await expectLanguage('en', 'EN', 'Switch language to Italian', 'Press');

      await page.evaluate(() => localStorage.setItem('language', 'de'));
      await page.reload();
      await visible(page.getByRole('link', { name: 'Press', exact: true }));
      assert.equal(await shownCode(switcher), 'EN');
    },
  },
  {
    name: 'answers /no-such-page with HTTP 404 and the Page Not Found page',
    async run({ page }) {
      const missing = await page.goto('/no-such-page');
      assert.equal(missing?.status(), 404);
      await visible(page.getByRole('heading', { name: 'Page Not Found' }));
      assert.match(await page.title(), /Page Not Found/);
      // A confirmation's address with an id that names no registration (one the API would refuse
      // outright, such as `abc`, has the page's own request answered 400, which the browser logs).
      const unknown = '/confirmation/00000000-0000-4000-8000-000000000000';
      for (const route of ['/', '/about', '/creator', '/past-events', unknown]) {
        const found = await page.goto(route);
        assert.equal(found?.status(), 200, route);
      }
    },
  },
  {
    name: 'copies the link, or says it could not',
    async run({ page, context, baseURL, axePath }) {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      // The page is prerendered: its buttons work once the script has taken it over.
      await gotoSettled(page, '/');
      await page.getByRole('button', { name: 'Copy link' }).click();
      await visible(page.getByText('Link copied to clipboard!'));
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${baseURL}/`);

      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
      });
      await page.getByRole('button', { name: 'Copy link' }).click();
      await visible(page.getByText('Failed to copy link. Please try again.'));
      assert.deepEqual(await axeViolations(page, axePath), [], 'with a toast on screen');
      assert.equal(
        await page.getByText('Link copied to clipboard!').count(),
        0,
        'one toast at a time',
      );

      const shareLinks = page.locator('.share__list a');
      assert.equal(await shareLinks.count(), 4);
      for (const link of await shareLinks.all()) {
        assert.equal(await link.getAttribute('target'), '_blank');
        assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
      }
    },
  },
  {
    name: 'biographies: photos open in a dialog, external links open safely, every page has its title',
    async run({ page }) {
      for (const [route, heading] of [
        ['/creator', 'The Creator'],
        ['/actress', 'The Actress'],
        ['/ai-researcher', 'The AI Researcher'],
      ]) {
        await page.goto(route);
        await visible(page.getByRole('heading', { level: 1, name: heading }));
        assert.match(await page.title(), new RegExp(`^${heading} · Dream Darkroom$`));
      }
      await page.goto('/creator');
      const trigger = page.locator('.gallery__trigger').first();
      await trigger.click();
      const dialog = page.getByRole('dialog');
      await visible(dialog);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await trigger.evaluate((element) => element === document.activeElement), true);

      for (const route of ['/creator', '/ai-researcher', '/press']) {
        await page.goto(route);
        const external = page.locator('a[href^="http"]');
        await visible(external);
        for (const link of await external.all()) {
          assert.equal(await link.getAttribute('target'), '_blank', route);
          assert.equal(await link.getAttribute('rel'), 'noopener noreferrer', route);
        }
      }
      await page.goto('/past-events');
      for (const text of [
        'Matera',
        'Napoli',
        'Milano',
        '8:00 PM',
        '10:00 PM',
        '8:45 PM',
        '10:15 PM',
      ]) {
        await visible(page.getByText(text, { exact: true }));
      }
      assert.equal(await page.getByText('Event Completed', { exact: true }).count(), 3);
      await page.goto('/dreams');
      await visible(page.getByText('The dream archive is coming...').first());
    },
  },
  {
    name: 'fills the slot, then joins the waiting list',
    async run({ page, baseURL }) {
      for (let guard = 0; guard < 25; guard += 1) {
        const capacity = await openSlotCapacity(baseURL);
        if (capacity.available <= 0) break;
        await registerByApi(baseURL, `filler${guard}`);
      }
      assert.equal((await openSlotCapacity(baseURL)).available, 0);

      await page.goto('/');
      await visible(page.locator('.event-overview').getByText('Full', { exact: true }));
      await fillRegistration(page, { name: 'Wanda Waiting', email: uniqueEmail('waiting') });
      await visible(page.getByText('Join Waiting List', { exact: true }));
      await visible(page.getByText('This time slot is full'));
      await page.getByRole('button', { name: 'JOIN WAITING LIST' }).click();

      await page.waitForURL(/\/confirmation\?waitingList=true$/);
      await visible(page.getByText('Added to Waiting List'));
      await visible(page.getByRole('heading', { name: "You're on the waiting list" }));
      // What the form sent, phone included, from this page's memory.
      await visible(page.getByText('+40 712 345 678'));
      await visible(page.getByText('WAITING'));
      await page.getByLabel('Your dream').fill('A second dream about a staircase made of water.');
      await page.getByRole('button', { name: 'Send dream' }).click();
      await visible(page.getByText('Dream Received'));
      const capacity = await openSlotCapacity(baseURL);
      assert.ok(capacity.waitingList >= 1);
      await page.goto('/');
      await visible(page.getByText(/on the waiting list/));
    },
  },
  {
    name: 'axe finds no WCAG 2.1 A/AA violation on any route in any language',
    async run({ browser, baseURL, axePath }) {
      const { registrationId } = await registerByApi(baseURL, 'axe');
      const problems = [];
      for (const language of LANGUAGES) {
        const { context, page } = await pageInLanguage(browser, language, {
          baseURL,
          viewport: { width: 1280, height: 900 },
        });
        for (const route of ROUTES) {
          await gotoSettled(page, route.replace('{id}', registrationId));
          await page.waitForFunction(
            () => !document.querySelector('[aria-busy="true"], .page-loading'),
          );
          // A first visit has no language cookie yet, so the server sends the English page and
          // the site switches once its script runs: audit the page in the visitor's language.
          await page
            .waitForFunction((lang) => document.documentElement.lang === lang, language, {
              timeout: 15_000,
            })
            .catch(() => undefined);
          assert.equal(await page.evaluate(() => document.documentElement.lang), language);
          const violations = await axeViolations(page, axePath);
          for (const violation of violations) problems.push(`${language} ${route} ${violation}`);
        }
        await context.close();
      }
      assert.deepEqual(problems, []);
    },
  },
  {
    name: 'works on a 360 px phone without horizontal scrolling, in every language',
    async run({ browser, baseURL }) {
      for (const language of LANGUAGES) {
        const { context, page } = await pageInLanguage(browser, language, {
          baseURL,
          viewport: { width: 360, height: 740 },
        });
        for (const route of ROUTES) {
          await gotoSettled(page, route.replace('{id}', 'unknown'));
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          assert.ok(overflow <= 0, `${language} ${route} scrolls sideways by ${overflow}px`);
        }
        await context.close();
      }
    },
  },
];
