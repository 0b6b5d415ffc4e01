import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { OPEN_SLOT, request } from '../http';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { answerSessionCreation, StripeStandIn } from './stripe-stand-in';
import {
  chargeRefundedEvent,
  deliver,
  registerVisitor,
  sessionEvent,
  STRIPE_ENV,
} from './payment-fixtures';
import { catalogueWithSeats } from '../test-tour';
import { storedEvents } from '../read-models';

async function startStripeApp(stripe: StripeStandIn, seats?: number) {
  const database = await createTestDatabase();
  const app = await startTestApp(
    database.url,
    { ...STRIPE_ENV, STRIPE_API_URL: stripe.url },
    seats === undefined ? undefined : catalogueWithSeats(seats),
  );
  return { database, app };
}

async function registration(app: TestApp, id: string) {
  const [view] = await app.dataSource.query(
    'SELECT status, paid, checkout_session_id, stripe_session_id FROM registration_view WHERE id = $1',
    [id],
  );
  return view as { status: string; paid: boolean; checkout_session_id: string };
}

async function eventTypes(app: TestApp, id: string): Promise<string[]> {
  const rows: { type: string }[] = await storedEvents(app.dataSource, `registration-${id}`);
  return rows.map((row) => row.type);
}

async function outboxKinds(app: TestApp, id: string): Promise<string[]> {
  const rows: { kind: string }[] = await app.dataSource.query(
    'SELECT kind FROM outbox WHERE registration_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((row) => row.kind);
}

async function capacity(app: TestApp) {
  const response = await request<
    Record<string, Record<string, { registered: number; available: number }>>
  >(app.url, 'GET', '/api/capacity');
  return response.body.bucharest[OPEN_SLOT];
}

/** Registers a visitor and answers the registration id and its checkout session id. */
async function hold(app: TestApp): Promise<{ id: string; sessionId: string }> {
  const registered = await registerVisitor(app.url);
  expect(registered.status).toBe(200);
  const view = await registration(app, registered.registrationId);
  return { id: registered.registrationId, sessionId: view.checkout_session_id };
}

describe('POST /api/payments/webhook', () => {
  const stripe = new StripeStandIn();
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    await stripe.start();
    answerSessionCreation(stripe);
    ({ database, app } = await startStripeApp(stripe));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stripe.stop();
  });

  async function counts() {
    const [row] = await app.dataSource.query(
      `SELECT (SELECT count(*) FROM events)::int AS events,
              (SELECT count(*) FROM processed_provider_events)::int AS processed,
              (SELECT count(*) FROM outbox)::int AS outbox`,
    );
    return row;
  }

  it('answers 400 and records nothing without a valid signature', async () => {
    const { id, sessionId } = await hold(app);
    const before = await counts();
    const payload = JSON.stringify(
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    const unsigned = await request(app.url, 'POST', '/api/payments/webhook', payload, {
      'content-type': 'application/json',
    });
    const wrongSecret = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
      'whsec_someone_else',
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    });
    const tampered = await request(
      app.url,
      'POST',
      '/api/payments/webhook',
      payload.replace('"paid"', '"unpaid"'),
      { 'content-type': 'application/json', 'stripe-signature': signature },
    );
    const stale = await request(app.url, 'POST', '/api/payments/webhook', payload, {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
    });
    for (const response of [unsigned, wrongSecret, tampered, stale]) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        code: 'webhook-signature-invalid',
        message: 'Invalid webhook signature',
      });
    }
    expect(await counts()).toEqual(before);
    expect((await registration(app, id)).status).toBe('held');
  });

  it('records the same event delivered five times once', async () => {
    const { id, sessionId } = await hold(app);
    const event = sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id });
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await deliver(app.url, event);
      expect(response.status).toBe(200);
      outcomes.push(response.body.outcome);
    }
    expect(outcomes).toEqual(['confirmed', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await eventTypes(app, id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaymentConfirmed',
      'SeatNumbered',
    ]);
    expect(await outboxKinds(app, id)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'payment-receipt',
    ]);
    const view = await registration(app, id);
    expect(view).toMatchObject({ status: 'paid', paid: true, stripe_session_id: sessionId });
    const [processed] = await app.dataSource.query(
      'SELECT outcome, registration_id FROM processed_provider_events WHERE provider_event_id = $1',
      [event.id],
    );
    expect(processed).toEqual({ outcome: 'confirmed', registration_id: id });
  });

  it('records the same event delivered five times at once once', async () => {
    const { id, sessionId } = await hold(app);
    const event = sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id });
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(app.url, event)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.filter((response) => response.body.outcome === 'confirmed')).toHaveLength(1);
    expect((await eventTypes(app, id)).filter((type) => type === 'PaymentConfirmed')).toHaveLength(
      1,
    );
    expect(await outboxKinds(app, id)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'payment-receipt',
    ]);
  });

  it('keeps a paid seat when "expired" arrives after "completed", and a second "completed" changes nothing', async () => {
    const { id, sessionId } = await hold(app);
    const completed = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    expect(completed.body.outcome).toBe('confirmed');
    const expired = await deliver(
      app.url,
      sessionEvent('checkout.session.expired', { id: sessionId, registrationId: id }),
    );
    expect(expired.body.outcome).toBe('unchanged');
    const again = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    expect(again.body.outcome).toBe('unchanged');
    expect(await registration(app, id)).toMatchObject({ status: 'paid', paid: true });
    expect(await eventTypes(app, id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaymentConfirmed',
      'SeatNumbered',
    ]);
  });

  it('releases the seat on "expired" of an unpaid session', async () => {
    const { id, sessionId } = await hold(app);
    const before = await capacity(app);
    const expired = await deliver(
      app.url,
      sessionEvent('checkout.session.expired', { id: sessionId, registrationId: id }),
    );
    expect(expired.body.outcome).toBe('released');
    expect((await registration(app, id)).status).toBe('released');
    expect((await capacity(app)).registered).toBe(before.registered - 1);
  });

  it('ends refunded when the refund arrives before the payment', async () => {
    const { id, sessionId } = await hold(app);
    const refunded = await deliver(app.url, chargeRefundedEvent(id, `pi_${sessionId}`));
    expect(refunded.body.outcome).toBe('refunded');
    const completed = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    expect(completed.body.outcome).toBe('unchanged');
    expect(await registration(app, id)).toMatchObject({ status: 'refunded', paid: false });
    expect(await eventTypes(app, id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaymentRefunded',
    ]);
    // No email about the seat; the money received and sent back has its receipts.
    expect(await outboxKinds(app, id)).toEqual(['payment-receipt', 'refund-receipt']);
  });

  it('records a refund made at the provider after payment, and gives the seat back', async () => {
    const { id, sessionId } = await hold(app);
    await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    const before = await capacity(app);
    const refunded = await deliver(app.url, chargeRefundedEvent(id, `pi_${sessionId}`));
    expect(refunded.body.outcome).toBe('refunded');
    expect(await registration(app, id)).toMatchObject({ status: 'refunded', paid: false });
    expect((await capacity(app)).registered).toBe(before.registered - 1);
  });

  it('confirms a delayed payment on async_payment_succeeded, not on the unpaid "completed"', async () => {
    const { id, sessionId } = await hold(app);
    const pending = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', {
        id: sessionId,
        registrationId: id,
        paymentStatus: 'unpaid',
      }),
    );
    expect(pending.body.outcome).toBe('ignored');
    expect((await registration(app, id)).status).toBe('held');
    const succeeded = await deliver(
      app.url,
      sessionEvent('checkout.session.async_payment_succeeded', {
        id: sessionId,
        registrationId: id,
      }),
    );
    expect(succeeded.body.outcome).toBe('confirmed');
    expect(await registration(app, id)).toMatchObject({ status: 'paid', paid: true });
  });

  it('answers 200 to other event types and changes nothing', async () => {
    const before = await counts();
    const response = await deliver(app.url, {
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, outcome: 'ignored' });
    expect(await counts()).toEqual(before);
  });

  it('takes the seat again for a payment after the hold expired when one is free', async () => {
    const { id, sessionId } = await hold(app);
    await deliver(
      app.url,
      sessionEvent('checkout.session.expired', { id: sessionId, registrationId: id }),
    );
    const before = await capacity(app);
    const completed = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: sessionId, registrationId: id }),
    );
    expect(completed.body.outcome).toBe('confirmed');
    expect(await registration(app, id)).toMatchObject({ status: 'paid', paid: true });
    expect((await capacity(app)).registered).toBe(before.registered + 1);
    const [confirmed] = await storedEvents(
      app.dataSource,
      `registration-${id}`,
      'PaymentConfirmed',
    );
    expect(confirmed.data.seat).toBe('retaken');
    expect(await outboxKinds(app, id)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'payment-receipt',
    ]);
  });
});

describe('a late payment when the slot is full', () => {
  const stripe = new StripeStandIn();
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    await stripe.start();
    ({ database, app } = await startStripeApp(stripe, 1));
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stripe.stop();
  });

  it('is refunded through the provider after the lock, recorded, and the person is emailed', async () => {
    answerSessionCreation(stripe);
    const late = await hold(app);
    await deliver(
      app.url,
      sessionEvent('checkout.session.expired', { id: late.sessionId, registrationId: late.id }),
    );
    const next = await hold(app);
    expect((await registration(app, next.id)).status).toBe('held');

    // The refund is decided under the slot's lock and sent afterwards by the refund worker;
    // its first attempt fails and is retried with the same idempotency key.
    let refundCalls = 0;
    stripe.on((request) => {
      if (request.method !== 'POST' || request.path !== '/v1/refunds') return undefined;
      refundCalls += 1;
      if (refundCalls === 1) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', message: 'Not yet' } },
        };
      }
      return {
        status: 200,
        body: { id: 're_1', object: 'refund', amount: 3500, currency: 'ron', status: 'succeeded' },
      };
    });
    const event = sessionEvent('checkout.session.completed', {
      id: late.sessionId,
      registrationId: late.id,
    });
    const decided = await deliver(app.url, event);
    expect(decided.status).toBe(200);
    expect(decided.body.outcome).toBe('refund-requested');
    expect(refundCalls).toBe(0);
    expect(await eventTypes(app, late.id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'CheckoutExpired',
      'RefundRequested',
    ]);
    const worker = app.app.get(RefundWorker);
    expect(await worker.runOnce()).toEqual({ refunded: 0, failed: 1 });
    expect(await worker.runOnce()).toEqual({ refunded: 0, failed: 0 });
    expect(await worker.runOnce(new Date(Date.now() + 60_000))).toEqual({
      refunded: 1,
      failed: 0,
    });
    const refunds = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(refunds).toHaveLength(2);
    expect(refunds[1].form).toEqual({
      payment_intent: `pi_${late.sessionId}`,
      amount: '3500',
      'metadata[registrationId]': late.id,
    });
    expect(refunds[1].headers['idempotency-key']).toBe(`refund-pi_${late.sessionId}`);
    expect(refunds[0].headers['idempotency-key']).toBe(refunds[1].headers['idempotency-key']);

    expect(await eventTypes(app, late.id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'CheckoutExpired',
      'RefundRequested',
      'PaymentRefunded',
    ]);
    const [refunded] = await storedEvents(
      app.dataSource,
      `registration-${late.id}`,
      'PaymentRefunded',
    );
    expect(refunded.data).toMatchObject({
      reason: 'late-payment-no-free-seat',
      amountMinor: 3500,
      currency: 'ron',
      paymentIntentId: `pi_${late.sessionId}`,
      refundId: 're_1',
    });
    expect(await registration(app, late.id)).toMatchObject({ status: 'released', paid: false });
    expect(await registration(app, next.id)).toMatchObject({ status: 'held' });
    expect(await capacity(app)).toMatchObject({ registered: 1, available: 0 });
    expect(await outboxKinds(app, late.id)).toEqual([
      'payment-refund',
      'payment-receipt',
      'late-payment-refunded',
      'refund-receipt',
    ]);

    // The same payment delivered again decides nothing more.
    const again = await deliver(
      app.url,
      sessionEvent('checkout.session.completed', { id: late.sessionId, registrationId: late.id }),
    );
    expect(again.body.outcome).toBe('unchanged');

    // Stripe then reports its own refund: already recorded, nothing more happens.
    const echo = await deliver(app.url, chargeRefundedEvent(late.id, `pi_${late.sessionId}`));
    expect(echo.body.outcome).toBe('unchanged');
  });
});
