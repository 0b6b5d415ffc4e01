// The visitor's path under real conditions: the server gone during a submit, no network while
// browsing, cancelling on the payment page, and phones. Run by run.mjs after the main scenarios.
/* global document, window, getComputedStyle -- these run inside page.evaluate, in the browser */
import assert from 'node:assert/strict';
import { openSlot } from './open-slot.mjs';
import {
  gotoSettled,
  DREAM,
  eventually,
  fillRegistration,
  LANGUAGES,
  payInSandbox,
  ROUTES,
  uniqueEmail,
  visible,
  pageInLanguage,
} from './support.mjs';

// Every route of the site in every state worth a visit, the Command Center's gate included.
const PUBLIC_ROUTES = [
  ...ROUTES.map((route) => route.replace('{id}', '00000000-0000-4000-8000-000000000000')),
  '/admin',
];

async function registered(baseURL) {
  const response = await fetch(`${baseURL}/api/capacity`);
  return (await response.json()).bucharest[openSlot.time].registered;
}

/** The site is there: its header and main landmark have content (not a blank page). */
async function assertNotBlank(page) {
  await visible(page.getByRole('banner'));
  await visible(page.getByRole('button', { name: /^Switch language to/ }));
  const text = await page.evaluate(() => document.getElementById('root')?.innerText.trim() ?? '');
  assert.ok(text.length > 100, `the page is blank: "${text}"`);
}

export const conditionsScenarios = [
  {
    name: 'server stopped during submit: no blank page, the form intact, success once it is back',
    networkErrors: true,
    async run({ page, stopServer, startServer }) {
      const email = uniqueEmail('outage');
      await fillRegistration(page, { name: 'Olga Outage', email });
      const submit = page.getByRole('button', { name: 'COMPLETE REGISTRATION' });
      await eventually(async () => assert.equal(await submit.isEnabled(), true));
      await stopServer();
      try {
        await submit.click();
        await visible(page.getByText(/We could not reach the site/));
        await page.waitForTimeout(500);
        await assertNotBlank(page);
        assert.equal(await page.getByLabel(/^Your dream/).inputValue(), DREAM);
        assert.equal(await page.getByLabel(/^Email/).inputValue(), email);
        assert.equal(await submit.isEnabled(), true);
      } finally {
        await startServer();
      }
      // A reload once the server is back: everything typed is still there.
      await page.goto('/?register=true');
      assert.equal(await page.getByLabel(/^Your dream/).inputValue(), DREAM);
      assert.equal(await page.getByLabel(/^Name/).inputValue(), 'Olga Outage');
      assert.equal(await page.getByRole('radio', { name: openSlot.day }).isChecked(), true);
      await page.getByRole('button', { name: 'COMPLETE REGISTRATION' }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      // Registered: nothing personal stays in the browser.
      const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
      assert.ok(!stored.includes('Olga'), stored);
      await payInSandbox(page);
    },
  },
  {
    name: 'offline: navigation and the language switch say so, and Retry works once online',
    networkErrors: true,
    async run({ page, context }) {
      await page.goto('/');
      await visible(page.getByRole('heading', { level: 1 }));
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await page.locator('#site-nav').getByRole('link', { name: 'About', exact: true }).click();
      await visible(page.getByRole('heading', { name: 'This page could not be shown' }), 15_000);
      await assertNotBlank(page);

      const switcher = page.getByRole('button', { name: 'Switch language to Italian' });
      await switcher.click();
      await visible(page.getByText(/The Italian texts could not be loaded/), 15_000);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      await visible(page.getByRole('button', { name: 'Switch language to Italian' }));

      await context.setOffline(false);
      await page.getByRole('button', { name: 'Retry' }).click();
      await visible(page.getByRole('heading', { level: 1, name: /About/ }));
      await page.getByRole('button', { name: 'Switch language to Italian' }).click();
      await visible(page.getByRole('link', { name: 'Stampa', exact: true }));
    },
  },
  {
    name: 'cancel on the payment page, then resume the same payment (also by registering again)',
    async run({ page }) {
      const email = uniqueEmail('resume');
      await fillRegistration(page, { name: 'Rita Resume', email });
      await page.getByRole('button', { name: 'COMPLETE REGISTRATION' }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      const checkout = page.url();

      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(/payment=cancelled/);
      await visible(
        page.getByRole('heading', { name: 'Payment cancelled: your seat is still held' }),
      );
      await page.getByRole('button', { name: 'Resume payment' }).click();
      await page.waitForURL(checkout);

      // Cancel again, and this time register again with the same email: the same payment.
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL(/payment=cancelled/);
      await fillRegistration(page, { name: 'Rita Resume', email });
      await page.getByRole('button', { name: 'COMPLETE REGISTRATION' }).click();
      await page.waitForURL(checkout);
      await payInSandbox(page);
    },
  },
  {
    name: 'cancel on the payment page, then give the seat back at once',
    async run({ page, baseURL }) {
      await fillRegistration(page, { name: 'Gina Giveback', email: uniqueEmail('giveback') });
      await page.getByRole('button', { name: 'COMPLETE REGISTRATION' }).click();
      await page.waitForURL(/\/sandbox\/checkout\//);
      const checkout = page.url();
      const held = await registered(baseURL);

      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Give my seat back' }).click();
      await visible(page.getByText('Your seat was given back'));
      assert.equal(await registered(baseURL), held - 1);
      const closed = await fetch(checkout);
      assert.equal(closed.status, 410);
    },
  },
  {
    name: 'the payer reads the phone on the confirmation in every language; the id alone never shows it',
    async run({ browser, baseURL }) {
      const labels = {
        en: { phone: 'Phone Number', city: 'Bucharest', paid: 'Payment Successful!' },
        it: { phone: 'Numero di telefono', city: 'Bucarest', paid: 'Pagamento riuscito!' },
        ro: { phone: 'Număr de telefon', city: 'București', paid: 'Plata a reușit!' },
      };
      for (const language of LANGUAGES) {
        const { context, page } = await pageInLanguage(browser, language, { baseURL });
        const response = await fetch(`${baseURL}/api/create-checkout-session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Paula ${language}`,
            email: uniqueEmail(`payer-${language}`),
            whatsapp: '+40 733 222 111',
            event: 'bucharest',
            time: openSlot.time,
            dream: DREAM,
            dreamedCaptured: false,
            locale: language,
          }),
        });
        const { url, registrationId } = await response.json();
        await page.goto(url);
        await page.locator('#cardNumber').fill('4242 4242 4242 4242');
        await page.locator('#expiry').fill('12/34');
        await page.locator('#cvc').fill('123');
        await page.locator('button[type="submit"]').click();
        await page.waitForURL(/\/confirmation\?session_id=/);
        await visible(page.getByRole('heading', { name: labels[language].paid }));
        await visible(page.getByText('+40 733 222 111'));
        await visible(page.getByText(labels[language].phone, { exact: true }));
        await visible(page.getByText(labels[language].city, { exact: true }));
        await context.close();

        // A stranger given the registration's link: the details, never the phone.
        const stranger = await pageInLanguage(browser, language, { baseURL });
        await stranger.page.goto(`/confirmation/${registrationId}`);
        await visible(stranger.page.getByText(`Paula ${language}`));
        assert.equal(await stranger.page.getByText('+40 733 222 111').count(), 0);
        assert.equal(await stranger.page.getByText(labels[language].phone).count(), 0);
        await stranger.context.close();
      }
    },
  },
  {
    name: 'the form keeps what was typed, dream included, across a language switch',
    async run({ page }) {
      const email = uniqueEmail('switch');
      await fillRegistration(page, { name: 'Lia Lingua', email });
      await page.getByRole('button', { name: 'Switch language to Italian' }).click();
      await visible(page.getByLabel(/^Il tuo sogno/));
      assert.equal(await page.getByLabel(/^Il tuo sogno/).inputValue(), DREAM);
      assert.equal(await page.getByLabel(/^Email/).inputValue(), email);
      assert.equal(await page.getByLabel(/^Nome/).inputValue(), 'Lia Lingua');
      assert.equal(await page.getByLabel(/^Numero di telefono/).inputValue(), '+40 712 345 678');
      await page.getByRole('button', { name: 'Switch language to Romanian' }).click();
      await visible(page.getByLabel(/^Visul tău/));
      assert.equal(await page.getByLabel(/^Visul tău/).inputValue(), DREAM);
      assert.equal(await page.getByRole('radio', { checked: true }).count(), 1);
    },
  },
  {
    name: 'marks every invalid field the same way',
    async run({ page }) {
      await page.goto('/?register=true');
      await page.getByRole('radio', { name: openSlot.day }).waitFor();
      await page.getByLabel(/^Email/).fill('not-an-email');
      for (const label of [/^Name/, /^Email/, /^Phone Number/, /^Your dream/]) {
        await page.getByLabel(label).focus();
        await page.getByLabel(label).blur();
      }
      const marks = await page.evaluate(() =>
        ['name', 'email', 'whatsapp', 'dream'].map((id) => {
          const field = document.getElementById(id);
          const style = getComputedStyle(field);
          return {
            id,
            invalid: field.getAttribute('aria-invalid'),
            border: style.borderTopColor,
            mark: style.boxShadow,
          };
        }),
      );
      for (const mark of marks) {
        assert.equal(mark.invalid, 'true', `${mark.id} is not marked invalid`);
        assert.deepEqual(
          { border: mark.border, mark: mark.mark },
          { border: marks[3].border, mark: marks[3].mark },
          `${mark.id} is marked unlike the dream`,
        );
      }
      assert.notEqual(marks[0].mark, 'none');
    },
  },
  {
    name: 'every route at 320 px in every language: no sideways scroll, nothing cut, menu and Register reachable',
    async run({ browser, baseURL }) {
      const problems = [];
      for (const language of LANGUAGES) {
        const { context, page } = await pageInLanguage(browser, language, {
          baseURL,
          viewport: { width: 320, height: 640 },
        });
        for (const route of PUBLIC_ROUTES) {
          await gotoSettled(page, route);
          const found = await page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            const issues = [];
            const overflow = document.documentElement.scrollWidth - width;
            if (overflow > 0) issues.push(`scrolls sideways by ${overflow}px`);
            for (const element of document.querySelectorAll('body *')) {
              const rect = element.getBoundingClientRect();
              if (rect.width === 0 || rect.height === 0) continue;
              if (element.closest('.skip-link, .visually-hidden, [hidden]')) continue;
              if (rect.right > width + 1 || rect.left < -1) {
                issues.push(`${element.tagName.toLowerCase()}.${element.className} outside`);
              }
              const style = getComputedStyle(element);
              if (
                style.overflowX === 'hidden' &&
                element.scrollWidth > element.clientWidth + 1 &&
                !element.classList.contains('hero')
              ) {
                issues.push(`${element.tagName.toLowerCase()}.${element.className} clips text`);
              }
            }
            return issues;
          });
          for (const issue of found.slice(0, 3)) problems.push(`${language} ${route}: ${issue}`);
          if (route === '/') {
            const register = page.getByRole('banner').getByRole('link', { name: /.+/ }).last();
            if (!(await register.isVisible())) problems.push(`${language}: no Register in header`);
            const menu = page.getByRole('banner').getByRole('button');
            await menu.click();
            assert.equal(await menu.getAttribute('aria-expanded'), 'true');
            const links = page.locator('#site-nav').getByRole('link');
            assert.equal(await links.count(), 4);
            for (let index = 0; index < 4; index += 1) {
              if (!(await links.nth(index).isVisible())) problems.push(`${language}: menu link`);
            }
            await page.keyboard.press('Escape');
            assert.equal(await menu.getAttribute('aria-expanded'), 'false');
          }
        }
        await context.close();
      }
      assert.deepEqual(problems, []);
    },
  },
];
