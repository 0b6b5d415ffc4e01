// Cancellations and waiting-list offers in the browser, on servers of the scenarios' own with
// their workers on (the offer, the refund and the emails leave by themselves, as in production):
// an operator cancels a paid seat with its refund, the next person waiting is offered the seat
// by email, pays it in the sandbox and takes it, then cancels from their confirmation email; and
// an offer left unpaid lapses (offers held one minute) and passes to the next person waiting.
import assert from 'node:assert/strict';
import { readOpenSlot } from './open-slot.mjs';
import { DREAM, eventually, linkIn, uniqueEmail, visible } from './support.mjs';

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

/** The operator's session cookie in `context` as it is now (the server may renew it). */
async function sessionCookie(context) {
  return (await context.cookies())
    .filter((item) => item.name === 'admin_session')
    .map((item) => `${item.name}=${item.value}`)
    .join('; ');
}

/** A registration's status as the Command Center's API says, with the operator's session. */
async function status(context, baseURL, id) {
  const response = await fetch(`${baseURL}/api/admin/registrations?limit=200`, {
    headers: { cookie: await sessionCookie(context) },
  });
  assert.equal(response.status, 200, `the registrations answered ${response.status}`);
  const { registrations } = await response.json();
  return registrations.find((registration) => registration.id === id)?.status;
}

/** The scenario's own browser context on `baseURL`, whose pages' errors land in `errors`. */
async function ownContext(browser, baseURL, errors) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
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

/** The Command Center, signed in. */
async function signIn(context, adminPassword) {
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await visible(page.getByRole('heading', { level: 1, name: 'Command Center' }));
  return page;
}

/** Registers people for the slot until it is full (their seats held, unpaid). */
async function fillSlot(baseURL, time) {
  for (let guard = 0; guard < 25; guard += 1) {
    const capacity = (await api(baseURL, 'GET', '/api/capacity')).body.bucharest[time];
    if (capacity.available <= 0) return;
    await register(baseURL, time, `Filler ${guard}`);
  }
  throw new Error('The slot did not fill');
}

/** On the offer page of `offerLink`: pays in the sandbox and lands on the confirmation. */
async function payOffer(visitor, offerLink) {
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
}

export const cancellationScenarios = [
  {
    name: 'Cancellations and offers: cancel with refund in the console, the offer is paid in the sandbox, then cancelled from the email',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer(
        { WORKERS: 'true', CANCELLATION_CLOSES_HOURS_BEFORE: '0' },
        'server-cancellations.log',
      );
      // This context is the scenario's own: it watches its pages' errors as the runner does.
      const errors = [];
      const context = await ownContext(browser, own.baseURL, errors);
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const paid = await register(own.baseURL, time, 'Paula Paid');
        await pay(paid.url);
        // The slot fills, then one more person waits for a seat.
        await fillSlot(own.baseURL, time);
        const waiting = await register(own.baseURL, time, 'Wendy Waiting');
        assert.equal(waiting.waitingList, true, 'the full slot puts Wendy on the waiting list');

        // The operator cancels Paula's paid seat with its refund.
        const page = await signIn(context, adminPassword);
        await page.getByLabel('Search by name, email or phone').fill('Paula Paid');
        const card = page.getByRole('article', { name: 'Paula Paid', exact: true });
        await visible(card);
        await card.getByRole('button', { name: 'Cancel and refund' }).click();
        const dialog = page.getByRole('alertdialog', {
          name: 'Cancel and refund this registration?',
        });
        await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
        await visible(page.getByText('Registration Cancelled'));
        assert.equal(await status(context, own.baseURL, paid.registrationId), 'cancelled');

        // The freed seat is offered to Wendy, by email; the console says until when.
        const offerLink = await linkIn(own.dataDir, waiting.registrationId, 'offer');
        await page.getByLabel('Search by name, email or phone').fill('Wendy Waiting');
        await visible(
          page.getByRole('article', { name: 'Wendy Waiting', exact: true }).getByText(/held until/),
        );

        // Wendy opens the link, pays in the sandbox and takes the seat.
        const visitor = await context.newPage();
        await payOffer(visitor, offerLink);
        await eventually(async () =>
          assert.equal(await status(context, own.baseURL, waiting.registrationId), 'paid'),
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
          assert.equal(await status(context, own.baseURL, waiting.registrationId), 'cancelled'),
        );
        // The same link again: the page says it is cancelled, and offers nothing more to do.
        await visitor.reload();
        await visible(visitor.getByText('Your booking is cancelled'));
        assert.equal(await visitor.getByRole('button', { name: 'Cancel my booking' }).count(), 0);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
  {
    name: 'Offers: an offer left unpaid lapses and passes to the next person waiting, who pays it',
    // A minute on its own server waiting for the clock: run beside the workers (run.mjs).
    waitsOnTheClock: true,
    async run({ browser, startOwnServer, adminPassword }) {
      // Offers held one minute, released at their deadline (no grace): the sweeper wakes then.
      const own = await startOwnServer(
        { WORKERS: 'true', WAITING_LIST_OFFER_MINUTES: '1', HOLD_GRACE_MINUTES: '0' },
        'server-offer-lapses.log',
      );
      const errors = [];
      const context = await ownContext(browser, own.baseURL, errors);
      try {
        const { time } = await readOpenSlot(own.baseURL);
        const held = await register(own.baseURL, time, 'Hana Held');
        await fillSlot(own.baseURL, time);
        const first = await register(own.baseURL, time, 'Wendy First');
        const second = await register(own.baseURL, time, 'Walter Second');
        assert.equal(first.waitingList, true, 'the full slot puts Wendy on the waiting list');
        assert.equal(second.waitingList, true, 'and Walter after her');

        // The operator cancels Hana's seat, held unpaid: it frees.
        const page = await signIn(context, adminPassword);
        const search = page.getByLabel('Search by name, email or phone');
        await search.fill('Hana Held');
        const hana = page.getByRole('article', { name: 'Hana Held', exact: true });
        await hana.getByRole('button', { name: 'Cancel', exact: true }).click();
        await page
          .getByRole('alertdialog', { name: 'Cancel this registration?' })
          .getByRole('button', { name: 'Cancel the registration' })
          .click();
        await visible(page.getByText('Registration Cancelled'));
        assert.equal(await status(context, own.baseURL, held.registrationId), 'cancelled');

        // Wendy, first in line, is offered the seat by email; she does not pay.
        const firstLink = await linkIn(own.dataDir, first.registrationId, 'offer');
        await search.fill('Wendy First');
        const wendy = page.getByRole('article', { name: 'Wendy First', exact: true });
        await visible(wendy.getByText(/held until/));
        assert.equal(await status(context, own.baseURL, second.registrationId), 'waiting');

        // A minute later her offer lapses: the console shows her seat released, and the offer
        // passes to Walter, who gets his email.
        await visible(wendy.getByText('Checkout expired: seat released'), 90_000);
        assert.equal(await status(context, own.baseURL, first.registrationId), 'released');
        const secondLink = await linkIn(own.dataDir, second.registrationId, 'offer');
        await search.fill('Walter Second');
        await visible(
          page.getByRole('article', { name: 'Walter Second', exact: true }).getByText(/held until/),
        );

        // Walter opens his link, pays in the sandbox and takes the seat.
        const visitor = await context.newPage();
        await payOffer(visitor, secondLink);
        await eventually(async () =>
          assert.equal(await status(context, own.baseURL, second.registrationId), 'paid'),
        );

        // Wendy's link now says her offer lapsed, and offers nothing to pay.
        await visitor.goto(firstLink);
        await visible(visitor.getByText('This offer is no longer open'));
        assert.equal(
          await visitor.getByRole('button', { name: 'Pay and take the seat' }).count(),
          0,
        );
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
];
