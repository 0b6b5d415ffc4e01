import Stripe from 'stripe';
import { LiveTour } from '../../src/tour/live-tour';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { sessionEvent } from '../payments/payment-fixtures';
import { OPEN_SLOT, registrationBody, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';

const WEBHOOK_SECRET = 'whsec_slot_closing';

/** The tests' tour with the open slot starting `minutes` from now (negative: in the past). */
function startingIn(minutes: number): LiveTour {
  const tour = testTour();
  for (const event of tour.events) {
    for (const slot of event.slots) {
      if (slot.time === OPEN_SLOT) {
        slot.startsAt = new Date(Date.now() + minutes * 60_000).toISOString();
      }
    }
  }
  return new LiveTour(tour);
}

async function register(app: TestApp) {
  return request<{ url?: string; registrationId?: string; message?: string }>(
    app.url,
    'POST',
    '/api/create-checkout-session',
    registrationBody(),
  );
}

async function slotStatus(app: TestApp) {
  const capacity = await request<Record<string, Record<string, { status: string }>>>(
    app.url,
    'GET',
    '/api/capacity',
  );
  const events = await request<{ slug: string; slots: { time: string; status: string }[] }[]>(
    app.url,
    'GET',
    '/api/events',
  );
  const listed = events.body
    .find((event) => event.slug === 'bucharest')
    ?.slots.find((slot) => slot.time === OPEN_SLOT);
  return { capacity: capacity.body.bucharest[OPEN_SLOT].status, events: listed?.status };
}

describe('a slot that started a minute ago', () => {
  const fleet = appsOnOwnDatabase([{ catalogue: startingIn(-1) }]);

  it('refuses registrations with a 400 in the JSON shape, writes nothing, and shows closed', async () => {
    const [app] = fleet.apps;
    const answer = await register(app);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      statusCode: 400,
      code: 'slot-closed',
      message: 'This time slot is closed for registration',
      errors: [
        {
          field: 'time',
          code: 'slot-closed',
          message: 'This time slot is closed for registration',
        },
      ],
    });
    const [{ count }] = await app.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE stream_id LIKE 'registration-%'`,
    );
    expect(count).toBe(0);
    expect(await slotStatus(app)).toEqual({ capacity: 'closed', events: 'closed' });
  });
});

describe('registration closing minutes before the start', () => {
  const slot = startingIn(20);
  const fleet = appsOnOwnDatabase([
    {
      catalogue: slot,
      env: { REGISTRATION_CLOSES_MINUTES_BEFORE: '10', SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET },
    },
    {
      catalogue: slot,
      env: { REGISTRATION_CLOSES_MINUTES_BEFORE: '30', SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET },
    },
  ]);

  it('is open until then and closed after, whatever the tour status says', async () => {
    const [tenBefore, thirtyBefore] = fleet.apps;
    expect(await slotStatus(tenBefore)).toEqual({ capacity: 'open', events: 'open' });
    expect((await register(tenBefore)).status).toBe(200);
    expect(await slotStatus(thirtyBefore)).toEqual({ capacity: 'closed', events: 'closed' });
    expect((await register(thirtyBefore)).status).toBe(400);
  });

  it('refunds a late payment once registration has closed, even with a seat free', async () => {
    const [tenBefore, thirtyBefore] = fleet.apps;
    const held = await register(tenBefore);
    const id = held.body.registrationId!;
    const [{ checkout_session_id: session }] = await tenBefore.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    const send = async (app: TestApp, event: Record<string, unknown>) => {
      const payload = JSON.stringify(event);
      return request<{ outcome: string }>(app.url, 'POST', '/api/payments/webhook', payload, {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      });
    };
    // The hold lapses; its payment arrives late, where registration has closed already.
    const expired = await send(
      tenBefore,
      sessionEvent('checkout.session.expired', { id: session, registrationId: id }),
    );
    expect(expired.body.outcome).toBe('released');
    await tenBefore.dataSource.query(
      `UPDATE sandbox_checkout_sessions SET status = 'complete', payment_intent_id = $2
        WHERE id = $1`,
      [session, `pi_${session}`],
    );
    const late = await send(
      thirtyBefore,
      sessionEvent('checkout.session.completed', { id: session, registrationId: id }),
    );
    expect(late.body.outcome).toBe('refund-requested');
    const [requested] = await tenBefore.dataSource.query(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'RefundRequested'`,
      [`registration-${id}`],
    );
    expect(requested.data).toMatchObject({ reason: 'late-payment-slot-closed' });
    expect(await thirtyBefore.app.get(RefundWorker).runOnce()).toEqual({
      refunded: 1,
      failed: 0,
    });
    const [{ status }] = await tenBefore.dataSource.query(
      'SELECT status FROM registration_view WHERE id = $1',
      [id],
    );
    expect(status).toBe('released');
  });
});
