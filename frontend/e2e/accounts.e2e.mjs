// The Money page in the browser, on a server of its own with its workers on (the refund leaves
// through the outbox by itself, as in production): two seats paid in the sandbox, one cancelled
// with its refund by the operator; the page shows both payments, the refund, and the net.
import assert from 'node:assert/strict';
import { readOpenSlot } from './open-slot.mjs';
import { DREAM, adminCall, eventually, uniqueEmail, visible } from './support.mjs';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function registerAndPay(baseURL, time, name) {
  const response = await fetch(`${baseURL}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
      whatsapp: '+40 712 345 678',
      event: 'bucharest',
      time,
      dream: DREAM,
      dreamedCaptured: false,
      locale: 'en',
    }),
  });
  assert.equal(response.status, 200, `registration answered ${response.status}`);
  const registered = await response.json();
  const paid = await fetch(registered.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(CARD).toString(),
  });
  assert.equal(paid.status, 303);
  return registered.registrationId;
}

export const accountsScenarios = [
  {
    name: 'Money: a payment and a refund made here show on the Money page, each currency apart',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-money.log');
      const context = await browser.newContext({
        baseURL: own.baseURL,
        viewport: { width: 1280, height: 900 },
      });
      const errors = [];
      try {
        const { time } = await readOpenSlot(own.baseURL);
        await registerAndPay(own.baseURL, time, 'Kept Seat');
        const refunded = await registerAndPay(own.baseURL, time, 'Refunded Seat');

        const page = await context.newPage();
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto('/admin/money');
        await page.getByLabel('Password').fill(adminPassword);
        await page.getByRole('button', { name: 'Login' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Money' }));

        const cancelled = await adminCall(
          page,
          own.baseURL,
          'POST',
          `/api/admin/registrations/${refunded}/cancel`,
          { refund: true },
        );
        assert.equal(cancelled.status(), 200, await cancelled.text());

        // The refund leaves through the outbox; the page, reloaded, shows it done.
        const whole = page.getByRole('region', { name: 'The whole tour' });
        await eventually(async () => {
          await page.reload();
          const row = whole.getByRole('row').filter({ hasText: 'RON' });
          await visible(row, 5_000);
          const text = (await row.textContent()).replace(/\s/g, ' ');
          assert.match(text, /RON 70\.00/, `gross: ${text}`);
          assert.match(text, /RON 35\.00 *RON 35\.00/, `refunded, then net: ${text}`);
          assert.doesNotMatch(text, /in flight/);
        }, 30_000);
        const stop = page.getByRole('region', { name: 'Bucharest' });
        await visible(stop.getByRole('row').filter({ hasText: 'RON 70.00' }));
        const csv = page.getByRole('link', { name: 'Download the CSV for the accountant' });
        assert.equal(await csv.getAttribute('href'), '/api/admin/accounts.csv');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
];
