// Cancellations and waiting-list offers in the browser, on a server of the scenario's own with
// its workers on (the offer, the refund and the emails leave by themselves, as in production):
// an operator cancels a paid seat with its refund, the next person waiting is offered the seat
// by email, pays it in the sandbox and takes it, then cancels from their confirmation email.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readOpenSlot } from './open-slot.mjs';
import { DREAM, eventually, uniqueEmail, visible } from './support.mjs';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function api(baseURL, method, path, body) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function register(baseURL, time, name) {
  const { status, body } = await api(baseURL, 'POST', '/api/create-checkout-session', {
    name,
    email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
    whatsapp: '+40 712 345 678',
    event: 'bucharest',
    time,
    dream: DREAM,
    dreamedCaptured: false,
    locale: 'en',
  });
  assert.equal(status, 200, `registration answered ${status}`);
  return body;
}

/** Pays a registration's payment page as the sandbox's card form does. */
async function pay(checkoutUrl) {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(CARD).toString(),
  });
  assert.equal(response.status, 303);
}

/** The text parts of the .eml files sent to a registration, decoded. */
async function mailTexts(dataDir, registrationId) {
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
function linkIn(dataDir, registrationId, page) {
  return eventually(async () => {
    const found = (await mailTexts(dataDir, registrationId)).match(
      // The token: base64url, a dot, base64url (a sentence's full stop may follow).
      new RegExp(`/${page}\\?token=[A-Za-z0-9_%-]+\\.[A-Za-z0-9_%-]+`),
    );
    assert.ok(found, `no /${page} link sent yet`);
    return found[0];
  }, 20_000);
}

async function status(baseURL, cookie, id) {
  const response = await fetch(`${baseURL}/api/admin/registrations?limit=200`, {
    headers: { cookie },
  });
  const { registrations } = await response.json();
  return registrations.find((registration) => registration.id === id)?.status;
}

export const cancellationScenarios = [
  {
    name: 'Cancellations and offers: cancel with refund in the console, the offer is paid in the sandbox, then cancelled from the email',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer(
        { WORKERS: 'true', CANCELLATION_CLOSES_HOURS_BEFORE: '0' },
        'server-cancellations.log',
      );
      const context = await browser.newContext({
        baseURL: own.baseURL,
        viewport: { width: 1280, height: 900 },
      });
      // This context is the scenario's own: it watches its pages' errors as the runner does.
      const errors = [];
      context.on('page', (opened) => {
        opened.on('pageerror', (error) => errors.push(error.message));
        opened.on('console', (message) => {
          if (message.type() === 'error' && !/status of (401|404|409)/.test(message.text())) {
            errors.push(message.text());
          }
        });
      });
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const paid = await register(own.baseURL, time, 'Paula Paid');
        await pay(paid.url);
        // The slot fills, then one more person waits for a seat.
        for (let guard = 0; guard < 25; guard += 1) {
          const capacity = (await api(own.baseURL, 'GET', '/api/capacity')).body.bucharest[time];
          if (capacity.available <= 0) break;
          await register(own.baseURL, time, `Filler ${guard}`);
        }
        const waiting = await register(own.baseURL, time, 'Wendy Waiting');
        assert.equal(waiting.waitingList, true, 'the full slot puts Wendy on the waiting list');

        // The operator cancels Paula's paid seat with its refund.
        const page = await context.newPage();
        await page.goto('/admin');
        await page.getByLabel('Password').fill(adminPassword);
        await page.getByRole('button', { name: 'Login' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Command Center' }));
        await page.getByLabel('Search by name, email or phone').fill('Paula Paid');
        const card = page.getByRole('article', { name: 'Paula Paid', exact: true });
        await visible(card);
        await card.getByRole('button', { name: 'Cancel and refund' }).click();
        const dialog = page.getByRole('alertdialog', {
          name: 'Cancel and refund this registration?',
        });
        await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
        await visible(page.getByText('Registration Cancelled'));
        const cookie = (await context.cookies())
          .filter((item) => item.name === 'admin_session')
          .map((item) => `${item.name}=${item.value}`)
          .join('; ');
        assert.equal(await status(own.baseURL, cookie, paid.registrationId), 'cancelled');

        // The freed seat is offered to Wendy, by email; the console says until when.
        const offerLink = await linkIn(own.dataDir, waiting.registrationId, 'offer');
        await page.getByLabel('Search by name, email or phone').fill('Wendy Waiting');
        await visible(
          page.getByRole('article', { name: 'Wendy Waiting', exact: true }).getByText(/held until/),
        );

        // Wendy opens the link, pays in the sandbox and takes the seat.
        const visitor = await context.newPage();
        await visitor.goto(offerLink);
        await visible(visitor.getByRole('heading', { name: 'A seat is offered to you' }));
        await visitor.getByRole('button', { name: 'Pay and take the seat' }).click();
        await visitor.waitForURL(/\/sandbox\/checkout\//);
        await visitor.locator('#cardNumber').fill(CARD.cardNumber);
        await visitor.locator('#expiry').fill(CARD.expiry);
        await visitor.locator('#cvc').fill(CARD.cvc);
        await visitor.locator('button[type="submit"]').click();
        await visitor.waitForURL(/\/confirmation\?session_id=/);
        await visible(visitor.getByRole('heading', { name: 'Payment Successful!' }));
        await eventually(async () =>
          assert.equal(await status(own.baseURL, cookie, waiting.registrationId), 'paid'),
        );

        // Her confirmation email carries the link to cancel; she uses it.
        const cancelLink = await linkIn(own.dataDir, waiting.registrationId, 'cancel');
        await visitor.goto(cancelLink);
        await visible(visitor.getByText('Wendy Waiting'));
        await visitor.getByRole('button', { name: 'Cancel my booking' }).click();
        await visitor
          .getByRole('alertdialog', { name: 'Cancel this booking?' })
          .getByRole('button', { name: 'Yes, cancel it' })
          .click();
        await visible(visitor.getByText('Your booking is cancelled'));
        await eventually(async () =>
          assert.equal(await status(own.baseURL, cookie, waiting.registrationId), 'cancelled'),
        );
        // The same link again: the page says it is cancelled, and offers nothing more to do.
        await visitor.reload();
        await visible(visitor.getByText('Your booking is cancelled'));
        assert.equal(await visitor.getByRole('button', { name: 'Cancel my booking' }).count(), 0);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
];
