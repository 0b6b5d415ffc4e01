// Plans change in the browser, on a server of the scenario's own with its workers on (the emails
// and the offers leave by themselves): a visitor moves their seat from a full slot to another
// stop and back from their email's link, with both slots' counts, the door lists and the
// waiting-list offers checked after each step; an operator moves a booking and hands one on from
// the console; the handed-on ticket is refused at the door and the new one let in. Then a visitor
// moves to a dearer stop, pays the difference in the sandbox, and moves back receiving it.
import assert from 'node:assert/strict';
import {
  adminCall,
  DREAM,
  eventually,
  linkIn,
  mailTexts,
  slotOfItsOwn,
  uniqueEmail,
  visible,
} from './support.mjs';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function registerPaid(baseURL, event, time, name) {
  const response = await fetch(`${baseURL}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')),
      whatsapp: '+40 712 345 678',
      event,
      time,
      dream: DREAM,
      dreamedCaptured: false,
      locale: 'en',
    }),
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  if (body.url) {
    const paid = await fetch(body.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(CARD).toString(),
    });
    assert.equal(paid.status, 303);
  }
  return body;
}

/** What the scenario checks of a slot after each step: its counts, its door list. */
async function slotState(page, baseURL, event, time) {
  const capacity = await (await fetch(`${baseURL}/api/capacity`)).json();
  const door = await adminCall(
    page,
    baseURL,
    'GET',
    `/api/admin/tour/events/${event}/slots/${encodeURIComponent(time)}/door`,
  );
  assert.equal(door.status(), 200);
  const list = await door.json();
  return {
    ...capacity[event][time],
    seated: list.seated.map((person) => person.name).sort(),
  };
}

async function registration(page, baseURL, name) {
  const response = await adminCall(
    page,
    baseURL,
    'GET',
    `/api/admin/registrations?limit=50&q=${encodeURIComponent(name)}`,
  );
  const { registrations } = await response.json();
  return registrations.find((candidate) => candidate.name === name);
}

/** The ticket for `event` in a registration's emails, once sent (a ticket names its slot). */
const ticketIn = async (dataDir, id, event) =>
  eventually(async () => {
    const codes = (await mailTexts(dataDir, id)).match(/T1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g) ?? [];
    const found = codes.find(
      (code) => JSON.parse(Buffer.from(code.split('.')[1], 'base64url').toString()).e === event,
    );
    assert.ok(found, `no ticket for ${event} sent yet`);
    return found;
  }, 20_000);

export const plansChangeScenarios = [
  {
    name: 'Plans change: a visitor moves to another stop and back; an operator moves and hands on; the door refuses the handed-on ticket',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-plans-change.log');
      const context = await browser.newContext({ baseURL: own.baseURL });
      try {
        const page = await context.newPage();
        await page.goto('/admin');
        await page.getByLabel('Password').fill(adminPassword);
        await page.getByRole('button', { name: 'Login' }).click();
        // The console's sections show once the session is there (the gate has none).
        await visible(page.getByRole('navigation', { name: 'Command Center pages' }));

        // A Bucharest slot of two seats, and another stop (Cluj, same price) with one seat.
        const home = await slotOfItsOwn(page, own.baseURL, { days: 20, capacity: 2 });
        const announced = await adminCall(page, own.baseURL, 'POST', '/api/admin/tour/events', {
          slug: 'cluj',
          city: 'Cluj-Napoca',
          venue: 'Fabrica de Pensule',
          date: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
          timeZone: 'Europe/Bucharest',
          priceMinor: 3500,
        });
        assert.equal(announced.status(), 201, await announced.text());
        const added = await adminCall(
          page,
          own.baseURL,
          'POST',
          '/api/admin/tour/events/cluj/slots',
          {
            startsAt: new Date(Date.now() + 21 * 86_400_000).toISOString(),
            capacity: 1,
          },
        );
        assert.equal(added.status(), 201, await added.text());
        const cluj = (await added.json()).slots[0].time;

        // The home slot is full (Mara and Petra paid), Wanda waits.
        const mara = await registerPaid(own.baseURL, 'bucharest', home.time, 'Mara Mover');
        const petra = await registerPaid(own.baseURL, 'bucharest', home.time, 'Petra Paid');
        const wanda = await registerPaid(own.baseURL, 'bucharest', home.time, 'Wanda Waiting');
        assert.equal(wanda.waitingList, true);

        // Mara moves to Cluj from her email's link.
        const moveLink = await linkIn(own.dataDir, mara.registrationId, 'move');
        const visitor = await context.newPage();
        await visitor.goto(moveLink);
        await visible(visitor.getByRole('heading', { name: 'Move your booking' }));
        await visitor.getByLabel('Move to').selectOption(JSON.stringify(['cluj', cluj]));
        await visitor.getByRole('button', { name: 'Move my booking' }).click();
        await visible(visitor.getByText('Your booking has moved'));
        // Cluj seats Mara; home seats Petra, and its freed seat is offered to Wanda.
        assertSlot(await slotState(page, own.baseURL, 'cluj', cluj), {
          available: 0,
          seated: ['Mara Mover'],
        });
        await eventually(async () =>
          assert.equal((await registration(page, own.baseURL, 'Wanda Waiting'))?.status, 'offered'),
        );
        const homeAfter = await slotState(page, own.baseURL, 'bucharest', home.time);
        assert.deepEqual(homeAfter.seated, ['Petra Paid']);
        assert.equal(homeAfter.available, 0);

        // Back home: full (Wanda's offer holds the seat), refused in words.
        await visitor.getByLabel('Move to').selectOption(JSON.stringify(['bucharest', home.time]));
        await visitor.getByRole('button', { name: 'Move my booking' }).click();
        await visible(visitor.getByText('That slot has no seat free.'));
        // Petra cancels (by the operator): the seat is free, and nobody else waits.
        const cancelled = await adminCall(
          page,
          own.baseURL,
          'POST',
          `/api/admin/registrations/${petra.registrationId}/cancel`,
          { refund: true },
        );
        assert.equal(cancelled.status(), 200);
        await visitor.getByRole('button', { name: 'Move my booking' }).click();
        await visible(visitor.getByText('Your booking has moved'));
        assertSlot(await slotState(page, own.baseURL, 'cluj', cluj), { available: 1, seated: [] });
        const homeBack = await slotState(page, own.baseURL, 'bucharest', home.time);
        assert.deepEqual(homeBack.seated, ['Mara Mover']);
        assert.equal(homeBack.available, 0);
        assert.equal((await registration(page, own.baseURL, 'Wanda Waiting'))?.status, 'offered');

        // The operator moves Mara to Cluj from the console, then hands her booking on (the
        // console read the tour before Cluj was announced by the API: it reads it again).
        await page.reload();
        await page.getByLabel('Search by name, email or phone').fill('Mara Mover');
        const card = page.getByRole('article', { name: 'Mara Mover', exact: true });
        await card.getByRole('button', { name: 'Move', exact: true }).click();
        const moveDialog = page.getByRole('dialog', { name: 'Move this booking' });
        await moveDialog.getByLabel('Move to').selectOption(JSON.stringify(['cluj', cluj]));
        await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
        await visible(page.getByText('Booking Moved'));
        assert.equal((await registration(page, own.baseURL, 'Mara Mover'))?.event, 'cluj');
        const oldTicket = await ticketIn(own.dataDir, mara.registrationId, 'cluj');

        await card.getByRole('button', { name: 'Hand on', exact: true }).click();
        const handDialog = page.getByRole('dialog', { name: 'Hand this booking on' });
        await handDialog.getByLabel('Name').fill('Nora New');
        await handDialog.getByLabel('Email').fill(uniqueEmail('nora'));
        await handDialog.getByLabel('WhatsApp number').fill('+40 722 111 222');
        await handDialog.getByLabel('Their dream').fill(`${DREAM} And then a lighthouse.`);
        await handDialog.getByRole('button', { name: 'Hand on', exact: true }).click();
        await visible(page.getByText('Booking Handed On'));
        const nora = await eventually(async () => {
          const found = await registration(page, own.baseURL, 'Nora New');
          assert.equal(found?.status, 'paid');
          return found;
        });
        assert.equal(await registration(page, own.baseURL, 'Mara Mover'), undefined);
        const newTicket = await ticketIn(own.dataDir, nora.id, 'cluj');

        // At Cluj's door: Mara's ticket is refused, Nora's lets her in.
        const checkIn = (ticket) =>
          adminCall(page, own.baseURL, 'POST', '/api/admin/check-ins', {
            event: 'cluj',
            time: cluj,
            ticket,
          });
        const refused = await checkIn(oldTicket);
        assert.equal(refused.status(), 422);
        assert.equal((await refused.json()).code, 'ticket-cancelled');
        assert.equal((await checkIn(newTicket)).status(), 200);
        assert.deepEqual((await slotState(page, own.baseURL, 'cluj', cluj)).seated, ['Nora New']);
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
  {
    name: 'Plans change: a visitor moves to a dearer stop, pays the difference in the sandbox, and moves back with the difference refunded',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-plans-change-price.log');
      const context = await browser.newContext({ baseURL: own.baseURL });
      try {
        const page = await context.newPage();
        await page.goto('/admin');
        await page.getByLabel('Password').fill(adminPassword);
        await page.getByRole('button', { name: 'Login' }).click();
        await visible(page.getByRole('navigation', { name: 'Command Center pages' }));

        // A Bucharest slot at 35 RON, and Iași, dearer: 50 RON a seat.
        const home = await slotOfItsOwn(page, own.baseURL, { days: 22, capacity: 3 });
        const date = new Date(Date.now() + 23 * 86_400_000);
        const announced = await adminCall(page, own.baseURL, 'POST', '/api/admin/tour/events', {
          slug: 'iasi',
          city: 'Iași',
          venue: 'Teatrul Luceafărul',
          date: date.toISOString().slice(0, 10),
          timeZone: 'Europe/Bucharest',
          priceMinor: 5000,
        });
        assert.equal(announced.status(), 201, await announced.text());
        const added = await adminCall(
          page,
          own.baseURL,
          'POST',
          '/api/admin/tour/events/iasi/slots',
          {
            startsAt: date.toISOString(),
            capacity: 2,
          },
        );
        assert.equal(added.status(), 201, await added.text());
        const iasi = (await added.json()).slots[0].time;

        const dana = await registerPaid(own.baseURL, 'bucharest', home.time, 'Dana Dearer');
        const moveLink = await linkIn(own.dataDir, dana.registrationId, 'move');
        const visitor = await context.newPage();
        await visitor.goto(moveLink);
        await visible(visitor.getByRole('heading', { name: 'Move your booking' }));

        // Iași costs more: the page says by how much, and the payment page asks just that.
        await visitor.getByLabel('Move to').selectOption(JSON.stringify(['iasi', iasi]));
        await visible(visitor.getByText(/costs 15\sRON more than you paid/));
        await visitor.getByRole('button', { name: 'Move and pay the difference' }).click();
        await visitor.waitForURL(/\/sandbox\/checkout\/cs_sandbox_/);
        await visible(visitor.getByText('The difference of price, to move your booking to'));
        // Meanwhile a seat of Iași is held for Dana, and her booking is still at home.
        assertSlot(await slotState(page, own.baseURL, 'iasi', iasi), { available: 1, seated: [] });
        assert.deepEqual((await slotState(page, own.baseURL, 'bucharest', home.time)).seated, [
          'Dana Dearer',
        ]);
        await visitor.locator('#cardNumber').fill('4242 4242 4242 4242');
        await visitor.locator('#expiry').fill('12/34');
        await visitor.locator('#cvc').fill('123');
        await visitor.locator('button[type="submit"]').click();
        await visitor.waitForURL(/\/move\?token=.*difference=paid/);
        await visible(visitor.getByText('Your booking has moved'));
        assertSlot(await slotState(page, own.baseURL, 'iasi', iasi), {
          available: 1,
          seated: ['Dana Dearer'],
        });
        assert.deepEqual((await slotState(page, own.baseURL, 'bucharest', home.time)).seated, []);
        assert.deepEqual((await registration(page, own.baseURL, 'Dana Dearer')).netPaid, {
          amountMinor: 5000,
          currency: 'RON',
        });
        await eventually(
          async () =>
            assert.match(
              await mailTexts(own.dataDir, dana.registrationId),
              /You paid the difference of 15\D{1,3}RON/,
            ),
          20_000,
        );

        // Back home, cheaper: moved at once, and the difference comes back to the card.
        await visitor.getByLabel('Move to').selectOption(JSON.stringify(['bucharest', home.time]));
        await visible(visitor.getByText(/costs 15\sRON less than you paid/));
        await visitor.getByRole('button', { name: 'Move my booking' }).click();
        await visible(visitor.getByText('Your booking has moved'));
        await visible(visitor.getByText(/difference of 15\sRON is being refunded/));
        assert.deepEqual((await slotState(page, own.baseURL, 'bucharest', home.time)).seated, [
          'Dana Dearer',
        ]);
        assertSlot(await slotState(page, own.baseURL, 'iasi', iasi), { available: 2, seated: [] });
        // The refund worker sends it; the accountant's CSV has it, with its receipt.
        const refundLine = await eventually(async () => {
          const csv = await adminCall(page, own.baseURL, 'GET', '/api/admin/accounts.csv');
          const line = (await csv.text())
            .split(/\r?\n/)
            .find((row) => row.includes(',refund,refunded,-15.00,RON,'));
          assert.ok(line, 'the refund of the difference is not confirmed yet');
          return line;
        }, 20_000);
        assert.match(refundLine, /move-price-difference/);
        assert.deepEqual((await registration(page, own.baseURL, 'Dana Dearer')).netPaid, {
          amountMinor: 3500,
          currency: 'RON',
        });
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
];

/** The fields of `actual` that `wanted` names, compared deeply. */
function assertSlot(actual, wanted) {
  assert.deepEqual(
    Object.fromEntries(Object.keys(wanted).map((key) => [key, actual[key]])),
    wanted,
  );
}
