import { randomUUID } from 'node:crypto';
import { LiveTour } from '../../src/tour/live-tour';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';
import { answerSessionCreation, StripeStandIn } from './stripe-stand-in';
import { registerVisitor, STRIPE_ENV } from './payment-fixtures';
import { storedEvents } from '../read-models';
import { differenceCheckoutRequest } from '../../src/checkout/seat-checkout-request';
import { PaymentGateway } from '../../src/payments/payment-gateway';

describe('the Stripe adapter, against a local stand-in for the Stripe API', () => {
  let app: TestApp;
  const stripe = new StripeStandIn();

  beforeAll(async () => {
    await stripe.start();
  });

  const opened = appsOnOwnDatabase(() => [
    {
      env: {
        ...STRIPE_ENV,
        STRIPE_API_URL: stripe.url,
        PUBLIC_URL: 'https://tickets.example.org',
      },
    },
  ]);

  beforeAll(async () => {
    app = opened.app;
  });

  afterAll(async () => {
    await stripe.stop();
  });

  beforeEach(() => stripe.reset());

  async function capacity(): Promise<{ registered: number; available: number }> {
    const response = await request<
      Record<string, Record<string, { registered: number; available: number }>>
    >(app.url, 'GET', '/api/capacity');
    return response.body.bucharest[OPEN_SLOT];
  }

  it('creates the Checkout Session with exactly the request the issue describes', async () => {
    answerSessionCreation(stripe);
    const before = Date.now();
    const email = `giulia.${Date.now()}@example.com`;
    const registered = await registerVisitor(app.url, { email, locale: 'it' });
    const after = Date.now();

    expect(registered.status).toBe(200);
    expect(stripe.requests).toHaveLength(1);
    const [sent] = stripe.requests;
    const id = registered.registrationId;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`);
    expect(sent.headers['idempotency-key']).toBe(`checkout-session-${id}`);
    const { expires_at: expiresAt, ...form } = sent.form;
    expect(form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'ron',
      'line_items[0][price_data][unit_amount]': '3500',
      // In the visitor's language, like the rest of the Checkout page.
      // The slot by its start where the show is, in the visitor's language, not by its key.
      'line_items[0][price_data][product_data][name]': `Bucarest — ${app.app.get(LiveTour).slotLabel('bucharest', OPEN_SLOT, 'it')}`,
      client_reference_id: id,
      'metadata[registrationId]': id,
      'payment_intent_data[metadata][registrationId]': id,
      customer_email: email,
      locale: 'it',
      success_url: 'https://tickets.example.org/confirmation?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: `https://tickets.example.org/?register=true&payment=cancelled&registration=${id}`,
    });
    // 30 minutes ahead (Stripe's minimum), never less.
    const seconds = Number(expiresAt);
    expect(seconds * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 30 * 60_000);
    expect(seconds * 1000).toBeLessThanOrEqual(after + 31 * 60_000);

    expect(registered.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_1_/);
    const [view] = await app.dataSource.query(
      'SELECT status, checkout_session_id, hold_expires_at FROM registration_view WHERE id = $1',
      [id],
    );
    expect(view.status).toBe('held');
    expect(view.checkout_session_id).toMatch(/^cs_test_1_/);
    expect(new Date(view.hold_expires_at).getTime()).toBe(seconds * 1000);
  });

  it("opens a move's difference as a page of its own, and refunds a payment in parts, each part its own refund", async () => {
    answerSessionCreation(stripe);
    const gateway = app.app.get(PaymentGateway);
    const catalogue = app.app.get(LiveTour);
    const id = '5b0c7a64-31a5-4d0e-9f3e-2b6a8c1d4e7f';
    await gateway.createCheckoutSession(
      differenceCheckoutRequest(catalogue, catalogue.findEvent('bucharest')!, {
        registrationId: id,
        time: OPEN_SLOT,
        locale: 'en',
        email: 'mover@example.com',
        amountMinor: 1500,
        currency: 'RON',
        expiresAt: new Date(Date.now() + 15 * 60_000),
        returnUrl: 'https://tickets.example.org/move?token=t&lang=en',
        idempotencyKey: `move-difference-${id}-42`,
      }),
    );
    const [page] = stripe.requests;
    // Not the seat's key: Stripe would answer the seat's page (or refuse other parameters).
    expect(page.headers['idempotency-key']).toBe(`move-difference-${id}-42`);
    expect(page.form).toMatchObject({
      'line_items[0][price_data][unit_amount]': '1500',
      'line_items[0][price_data][currency]': 'ron',
      'metadata[purpose]': 'move-difference',
      'payment_intent_data[metadata][purpose]': 'move-difference',
      success_url: 'https://tickets.example.org/move?token=t&lang=en&difference=paid',
      cancel_url: 'https://tickets.example.org/move?token=t&lang=en&difference=left',
    });
    expect(page.form['line_items[0][price_data][product_data][name]']).toMatch(
      /price difference\)$/,
    );

    let refunds = 0;
    stripe.on((request) => {
      if (request.method !== 'POST' || request.path !== '/v1/refunds') return undefined;
      refunds += 1;
      return {
        status: 200,
        body: {
          id: `re_part_${refunds}`,
          object: 'refund',
          amount: Number(request.form.amount),
          payment_intent: request.form.payment_intent,
          charge: 'ch_1',
          balance_transaction: `txn_re_part_${refunds}`,
          status: 'succeeded',
        },
      };
    });
    for (const [amountMinor, key] of [
      [1500, 'refund-pi_1'],
      [2000, 'refund-pi_1-2'],
    ] as const) {
      await gateway.refundPayment({
        paymentIntentId: 'pi_1',
        amountMinor,
        idempotencyKey: key,
        registrationId: id,
      });
    }
    const sent = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(
      sent.map((request) => [request.form.amount, request.headers['idempotency-key']]),
    ).toEqual([
      ['1500', 'refund-pi_1'],
      ['2000', 'refund-pi_1-2'],
    ]);
  });

  /** Stripe makes sessions, but refuses the first one asked for with this answer. */
  function sessionRefusedOnce(status: number, error: { type: string; message: string }) {
    answerSessionCreation(stripe);
    let failures = 0;
    stripe.on((request) => {
      if (request.path !== '/v1/checkout/sessions' || failures > 0) return undefined;
      failures += 1;
      return { status, body: { error } };
    });
  }

  it('retries a failed request with the same idempotency key, so one session is made', async () => {
    sessionRefusedOnce(500, { type: 'api_error', message: 'Try again' });
    const registered = await registerVisitor(app.url);
    expect(registered.status).toBe(200);
    expect(stripe.requests).toHaveLength(2);
    expect(stripe.requests[1].headers['idempotency-key']).toBe(
      stripe.requests[0].headers['idempotency-key'],
    );
  });

  it('lets the Idempotency-Key go after a 502: a retry with it runs again', async () => {
    sessionRefusedOnce(400, {
      type: 'invalid_request_error',
      message: 'Currency ron is not enabled',
    });
    const body = registrationBody();
    const key = randomUUID();
    const post = () =>
      request<{ url?: string }>(app.url, 'POST', '/api/create-checkout-session', body, {
        'idempotency-key': key,
      });
    const failed = await post();
    expect(failed.status).toBe(502);
    const retried = await post();
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(retried.body.url).toMatch(/^https:/);
    const replayed = await post();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);
  });

  it('answers 502 on an API failure and gives the seat hold back with an event', async () => {
    stripe.on(() => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'Currency ron is not enabled (customer_email radu@example.com)',
        },
      },
    }));
    const before = await capacity();
    const response = await request<{
      statusCode: number;
      message: string;
      registrationId?: string;
    }>(app.url, 'POST', '/api/create-checkout-session', {
      name: 'Radu',
      email: `radu.${Date.now()}@example.com`,
      whatsapp: '+40 700 000 000',
      event: 'bucharest',
      time: OPEN_SLOT,
      dream: 'd'.repeat(120),
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(
      'The payment provider could not open a payment page: Currency ron is not enabled (customer_email <address>)',
    );
    const [view] = await app.dataSource.query(
      `SELECT id, status, hold_expires_at FROM registration_view ORDER BY created_at DESC LIMIT 1`,
    );
    expect(view.status).toBe('released');
    expect(view.hold_expires_at).toBeNull();
    const events = (await storedEvents(app.dataSource, `registration-${view.id}`)).map(
      ({ type, metadata }) => ({ type, actor: metadata.actor }),
    );
    expect(events).toEqual([
      { type: 'RegistrationCreated', actor: 'visitor' },
      { type: 'CheckoutFailed', actor: 'system' },
    ]);
    const log = JSON.stringify(await app.dataSource.query('SELECT data FROM events'));
    expect(log).not.toContain('radu@example.com');
    expect(await capacity()).toEqual(before);
  });
});
