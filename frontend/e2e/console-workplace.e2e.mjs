// The Command Center as a workplace: its own shell on every page, the next evenings first, the
// log in words, notices that cover nothing, a slot's list on paper, axe at two widths in three
// languages. Few page loads: a page moves between sections through the shell's own links.
/* global document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import {
  adminCall,
  axeViolations,
  gotoSettled,
  recordAnnouncements,
  slotOfItsOwn,
  visible,
  wasAnnounced,
} from './support.mjs';
import { eventually, register, unique } from './command-center.e2e.mjs';

const PUBLIC_NAVIGATION = ['About', 'Who We Are', 'Press', 'Past Events', 'Register'];
const LANGUAGES = ['en', 'it', 'ro'];

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function signIn(page, adminPassword, path = '/admin') {
  await gotoSettled(page, path);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await visible(page.getByRole('navigation', { name: 'Command Center pages' }));
}

/** The page is in the console's shell, with none of the public site's navigation. */
async function assertInShell(page, where, { sections = true } = {}) {
  const banner = page.getByRole('banner');
  await visible(banner);
  assert.equal(await banner.count(), 1, `${where}: one banner`);
  assert.match(await banner.innerText(), /Command Center/, `${where}: the shell's mark`);
  assert.equal(
    await page.getByRole('navigation', { name: 'Command Center pages' }).count(),
    sections ? 1 : 0,
    `${where}: the sections ${sections ? 'listed' : 'not listed'}`,
  );
  for (const name of PUBLIC_NAVIGATION) {
    assert.equal(
      await page.getByRole('link', { name, exact: true }).count(),
      0,
      `${where}: no public "${name}"`,
    );
  }
  assert.equal(
    await page.locator('.site-header, .site-footer').count(),
    0,
    `${where}: no site frame`,
  );
}

/** Every control on screen whose box the toast's covers. */
async function controlsUnder(page, toast) {
  const box = await toast.boundingBox();
  assert.ok(box, 'the toast has a box');
  const covered = [];
  for (const control of await page
    .locator('button, a[href], input, select, textarea, [role="searchbox"]')
    .all()) {
    if (!(await control.isVisible())) continue;
    const inside = await control.evaluate(
      (element) => element.closest('.toast, .toast-plain, [role="region"]') !== null,
    );
    if (inside) continue;
    const other = await control.boundingBox();
    if (other && overlaps(box, other))
      covered.push(await control.evaluate((e) => e.outerHTML.slice(0, 80)));
  }
  return covered;
}

const sideways = (page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export const consoleWorkplaceScenarios = [
  {
    name: 'Console shell: every page in its own shell, the next evenings first, the sign-in toast covering nothing',
    async run({ page, browser, baseURL, adminPassword }) {
      await recordAnnouncements(page);
      await signIn(page, adminPassword);
      // The sign-in's notice sits under the shell, in the page's flow: announced, covering nothing.
      const toast = page.locator('.toast, .toast-plain').filter({ hasText: 'Access Granted' });
      await visible(toast);
      assert.ok(await wasAnnounced(page, 'Access Granted'), 'the notice is announced');
      assert.deepEqual(await controlsUnder(page, toast.first()), []);

      const { time } = await slotOfItsOwn(page, baseURL, { days: 1, at: [17, 0] });
      const person = unique('Shell Person');
      await register(baseURL, person, { time });

      // The landing leads with the slots still to come; the past ones are folded away.
      await gotoSettled(page, '/admin');
      await assertInShell(page, '/admin');
      const evenings = page.getByRole('region', { name: 'Next evenings' });
      await visible(evenings);
      const order = await page.evaluate(() => {
        const headings = [...document.querySelectorAll('main h2')].map((h) => h.textContent);
        return headings;
      });
      assert.equal(order[0], 'Next evenings', `the first section is the next evenings: ${order}`);
      const mine = evenings
        .getByRole('listitem')
        .filter({ hasText: '1 of 20 seats taken' })
        .filter({
          has: page.getByRole('link', { name: /Print the list of/ }),
        });
      await eventually(async () =>
        assert.ok((await mine.count()) > 0, 'my slot is among the next evenings'),
      );
      await visible(evenings.getByText('1 seat held, not paid yet'));
      const past = evenings.locator('details');
      assert.equal(await past.getAttribute('open'), null, 'the past slots are folded away');
      assert.match(await past.locator('summary').innerText(), /past slots?/);

      // Every page of the console through the shell's links: the shell, no public navigation.
      const nav = page.getByRole('navigation', { name: 'Command Center pages' });
      for (const section of [
        'Tour',
        'Door',
        'Activity',
        'Operators',
        'My account',
        'Registrations',
      ]) {
        await nav.getByRole('link', { name: section, exact: true }).click();
        await visible(page.getByRole('heading', { level: 1 }));
        await assertInShell(page, section);
      }
      const where = new URLSearchParams({ event: 'bucharest', time }).toString();
      for (const path of [`/admin/sheet?${where}`, `/admin/print?${where}`]) {
        await gotoSettled(page, path);
        await visible(page.getByRole('heading', { level: 1 }));
        await assertInShell(page, path);
      }
      // Joining and signing in: the shell's minimal form, without sections.
      const stranger = await browser.newContext({ baseURL });
      try {
        const signedOut = await stranger.newPage();
        for (const path of ['/admin', '/admin/join?token=x.y']) {
          await gotoSettled(signedOut, path);
          await visible(signedOut.getByRole('heading', { level: 1 }));
          await assertInShell(signedOut, `${path} signed out`, { sections: false });
        }
      } finally {
        await stranger.close();
      }
    },
  },
  {
    name: 'Console activity: names the operator of a change made here, live, in words, filtered by kind and slot',
    async run({ page, baseURL, adminPassword }) {
      await signIn(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { days: 2, at: [17, 30] });
      const person = unique('Activity Person');
      const { registrationId } = await register(baseURL, person, { time });
      // Opened afresh: the tour it offers has the slot just added.
      await gotoSettled(page, '/admin/activity');
      await visible(page.getByRole('heading', { level: 1, name: 'Activity' }));
      // The registration just made is there already, in words.
      await visible(page.getByText(`The visitor registered ${person} for `));
      await page.getByLabel('Kind of change').selectOption({ label: 'Marked paid or unpaid' });
      await page.getByLabel('Event').selectOption('bucharest');
      const slotLabel = await page
        .getByLabel('Slot')
        .locator('option', { hasText: /./ })
        .evaluateAll((options, key) => options.find((option) => option.value === key)?.label, time);
      assert.ok(slotLabel, 'the slot is offered');
      await page.getByLabel('Slot').selectOption(time);
      await visible(page.getByText('Nothing recorded under these filters.'));
      // The change, made while the page is open: it arrives by the live stream, in words.
      const paid = await adminCall(
        page,
        baseURL,
        'PATCH',
        `/api/admin/registrations/${registrationId}/paid`,
        {
          paid: true,
        },
      );
      assert.equal(paid.status(), 200);
      const sentence = page
        .getByRole('list', { name: 'Changes, newest first' })
        .getByRole('listitem')
        .filter({ hasText: `The owner marked ${person} as paid` });
      await visible(sentence);
      assert.equal(
        await page
          .getByRole('list', { name: 'Changes, newest first' })
          .getByRole('listitem')
          .count(),
        1,
        'only the slot’s marks are listed',
      );
      await visible(sentence.locator('time'));
    },
  },
  {
    name: "Console print: a slot's list prints on one A4 page, the shell left off the paper",
    async run({ page, baseURL, adminPassword }) {
      await signIn(page, adminPassword);
      const { time } = await slotOfItsOwn(page, baseURL, { days: 3, at: [18, 0] });
      const names = [unique('Print Ana'), unique('Print Bogdan')];
      for (const name of names) await register(baseURL, name, { time });
      await gotoSettled(page, `/admin/print?${new URLSearchParams({ event: 'bucharest', time })}`);
      const table = page.getByRole('table');
      await visible(table);
      assert.deepEqual(await table.getByRole('columnheader').allInnerTexts(), [
        'Seat',
        'Name',
        'Status',
        'Check-in',
      ]);
      for (const name of names) await visible(table.getByRole('rowheader', { name }));

      await page.emulateMedia({ media: 'print' });
      assert.equal(await page.getByRole('banner').isVisible(), false, 'no shell on paper');
      assert.equal(
        await page.getByRole('button', { name: 'Print' }).isVisible(),
        false,
        'no button',
      );
      await visible(page.getByText(/^Printed /));
      for (const name of names) await visible(table.getByRole('rowheader', { name }));
      const pdf = await page.pdf({ format: 'A4', printBackground: false, preferCSSPageSize: true });
      await page.emulateMedia({ media: 'screen' });
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
      assert.equal(pages.length, 1, 'one A4 page');
      const size = pdf.toString('latin1').match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\]/);
      assert.ok(size, 'the page has a size');
      // A4: 595 × 842 points.
      assert.ok(
        Math.abs(Number(size[1]) - 595) < 2 && Math.abs(Number(size[2]) - 842) < 2,
        `${size[0]}`,
      );
    },
  },
  {
    name: 'Console axe: every console page at 360 and 1280 px in three languages, no sideways scroll',
    async run({ browser, baseURL, axePath, adminPassword }) {
      const problems = [];
      for (const width of [360, 1280]) {
        const context = await browser.newContext({
          baseURL,
          bypassCSP: true,
          viewport: { width, height: width === 360 ? 740 : 900 },
        });
        try {
          const page = await context.newPage();
          await signIn(page, adminPassword);
          const { time } = await slotOfItsOwn(page, baseURL, { days: 4, at: [17, 0] });
          await register(baseURL, unique('Axe Person'), { time });
          const where = new URLSearchParams({ event: 'bucharest', time }).toString();
          // The sections through the shell's links (no page load), then the two reached by address.
          const sections = ['Registrations', 'Tour', 'Door', 'Activity', 'Operators', 'My account'];
          const pages = [
            ...sections.map((name) => ({ name })),
            { path: `/admin/sheet?${where}` },
            { path: `/admin/print?${where}` },
          ];
          for (const { name, path } of pages) {
            if (path) {
              await gotoSettled(page, path);
            } else {
              await page
                .getByRole('navigation', { name: 'Command Center pages' })
                .getByRole('link', { name, exact: true })
                .click();
            }
            await visible(page.getByRole('heading', { level: 1 }));
            const label = path ?? name;
            for (const language of LANGUAGES) {
              if (language !== 'en') {
                // The shell's language switch, in place: the page is not loaded again.
                await page.locator('.console-shell .language-switcher').click();
                await page.waitForFunction(
                  (lang) => document.documentElement.lang === lang,
                  language,
                );
                await visible(page.getByRole('heading', { level: 1 }));
              }
              for (const violation of await axeViolations(page, axePath)) {
                problems.push(`${width} ${language} ${label} ${violation}`);
              }
              if ((await sideways(page)) > 0)
                problems.push(`${width} ${language} ${label} scrolls sideways`);
            }
            // Back to English for the next page (whose links the loop names in English).
            await page.locator('.console-shell .language-switcher').click();
            await page.waitForFunction(() => document.documentElement.lang === 'en');
            await visible(page.getByRole('navigation', { name: 'Command Center pages' }));
          }
        } finally {
          await context.close();
        }
      }
      assert.deepEqual(problems, []);
    },
  },
];
