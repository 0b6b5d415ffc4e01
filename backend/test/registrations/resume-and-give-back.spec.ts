import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';
import { STRIPE_ENV } from '../payments/payment-fixtures';
import { answerSessionCreation, StripeStandIn, stripeSession } from '../payments/stripe-stand-in';

type Registered = {
  url?: string;
  registrationId: string;
  waitingList?: boolean;
  statusCode?: number;
  message?: string;
};

const DUPLICATE = 'You have already registered for this event with this email address.';
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function register(app: TestApp, overrides: Record<string, unknown>) {
  return request<Registered>(
    app.url,
    'POST',
    '/api/create-checkout-session',
    registrationBody(overrides),
  );
}

async function eventsOf(app: TestApp, id: string) {
  return (await app.dataSource.query(
    `SELECT type, data->>'reason' AS reason, metadata->>'actor' AS actor
       FROM events WHERE stream_id = $1 ORDER BY stream_version`,
    [`registration-${id}`],
  )) as { type: string; reason: string | null; actor: string }[];
}

async function held(app: TestApp): Promise<number> {
  const response = await request<Record<string, Record<string, { registered: number }>>>(
    app.url,
    'GET',
    '/api/capacity',
  );
  return response.body.bucharest[OPEN_SLOT].registered;
}

describe('cancel, resume and give back, with the sandbox', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** The sandbox page of a checkout URL, on this test server. */
  const local = (url: string) => `${app.url}${new URL(url).pathname}`;

  async function pay(url: string): Promise<number> {
    const response = await fetch(local(url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(GOOD_CARD).toString(),
    });
    return response.status;
  }

  it("sends the payment page's Cancel to the screen that offers resume and give back", async () => {
    const first = await register(app, {});
    const page = await (await fetch(local(first.body.url!))).text();
    expect(page).toContain(
      `href="${app.config.publicUrl}/?register=true&#38;payment=cancelled&#38;registration=${first.body.registrationId}"`,
    );
  });

  it('offers the open payment again to the same person instead of 409, and 409 once paid', async () => {
    const email = `again.${Date.now()}@example.com`;
    const first = await register(app, { email });
    expect(first.status).toBe(200);
    const before = await eventsOf(app, first.body.registrationId);

    // Someone else with the same email (another name, or another phone) is told it is taken,
    // and learns nothing of the payment.
    for (const stranger of [{ name: 'Ana P.' }, { whatsapp: '+39 333 1234567' }]) {
      const refused = await register(app, { email, ...stranger });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        code: 'already-registered',
        message: DUPLICATE,
        errors: [{ field: 'email', code: 'already-registered', message: DUPLICATE }],
      });
    }
    // The same person registering again (other spellings of the same email, name and phone)
    // goes back to that payment.
    const again = await register(app, {
      email: ` ${email.toUpperCase()} `,
      name: '  ana   POPESCU ',
      whatsapp: '0712-345-678',
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await eventsOf(app, first.body.registrationId)).toEqual(before);
    const [{ count }] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM registration_view WHERE email_key = $1',
      [email],
    );
    expect(count).toBe(1);

    const resumed = await request(
      app.url,
      'POST',
      `/api/registrations/${first.body.registrationId}/resume-checkout`,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({
      registrationId: first.body.registrationId,
      url: first.body.url,
      expiresAt: expect.any(String),
    });

    expect(await pay(first.body.url!)).toBe(303);
    const paid = await register(app, { email });
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({
      statusCode: 409,
      code: 'already-registered',
      message: DUPLICATE,
      errors: [{ field: 'email', code: 'already-registered', message: DUPLICATE }],
    });
    const resumePaid = await request(
      app.url,
      'POST',
      `/api/registrations/${first.body.registrationId}/resume-checkout`,
    );
    expect(resumePaid.status).toBe(409);
    expect(resumePaid.body).toEqual({
      statusCode: 409,
      code: 'already-paid',
      message: 'This registration is already paid.',
      errors: [],
    });
    const giveBackPaid = await request(
      app.url,
      'POST',
      `/api/registrations/${first.body.registrationId}/give-back`,
    );
    expect(giveBackPaid.status).toBe(409);
    // Created, the payment page, the payment and the seat number it gave.
    expect(await eventsOf(app, first.body.registrationId)).toHaveLength(4);
  });

  it('gives the seat back at once: page closed, hold released, the email free again', async () => {
    const email = `giveback.${Date.now()}@example.com`;
    const first = await register(app, { email });
    const seatsBefore = await held(app);
    const id = first.body.registrationId;

    const given = await request(app.url, 'POST', `/api/registrations/${id}/give-back`);
    expect(given.status).toBe(200);
    expect(given.body).toEqual({ seat: 'given-back' });
    expect(await held(app)).toBe(seatsBefore - 1);
    expect((await eventsOf(app, id)).slice(-1)).toEqual([
      { type: 'CheckoutExpired', reason: 'given-back', actor: 'visitor' },
    ]);
    const [session] = await app.dataSource.query(
      'SELECT status FROM sandbox_checkout_sessions WHERE id = $1',
      [first.body.url!.split('/').pop()],
    );
    expect(session.status).toBe('expired');
    expect((await fetch(local(first.body.url!))).status).toBe(410);

    // Again: nothing is held any more; resuming says why.
    const twice = await request(app.url, 'POST', `/api/registrations/${id}/give-back`);
    expect(twice.body).toEqual({ seat: 'not-held' });
    expect(await eventsOf(app, id)).toHaveLength(3);
    const resume = await request(app.url, 'POST', `/api/registrations/${id}/resume-checkout`);
    expect(resume.status).toBe(409);
    expect(resume.body).toMatchObject({
      message:
        'This payment can no longer be resumed: the seat was given back. You may register again.',
    });

    // The same email may register again: a new registration with a new payment.
    const anew = await register(app, { email });
    expect(anew.status).toBe(200);
    expect(anew.body.registrationId).not.toBe(id);
    expect(anew.body.url).not.toBe(first.body.url);
  });

  it('keeps 409 for a waiting-list registration, and gives back nothing there', async () => {
    const email = `waiting.${Date.now()}@example.com`;
    await app.dataSource.query(
      `UPDATE slot_capacity SET seat_limit = held + paid + confirmed WHERE event = 'bucharest' AND time = $1`,
      [OPEN_SLOT],
    );
    try {
      const waiting = await register(app, { email });
      expect(waiting.body.waitingList).toBe(true);
      expect((await register(app, { email })).status).toBe(409);
      const given = await request(
        app.url,
        'POST',
        `/api/registrations/${waiting.body.registrationId}/give-back`,
      );
      expect(given.body).toEqual({ seat: 'not-held' });
    } finally {
      await app.dataSource.query(
        `UPDATE slot_capacity SET seat_limit = 20 WHERE event = 'bucharest' AND time = $1`,
        [OPEN_SLOT],
      );
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one, in the error shape', async () => {
    for (const action of ['give-back', 'resume-checkout']) {
      const unknown = await request(
        app.url,
        'POST',
        `/api/registrations/00000000-0000-4000-8000-000000000000/${action}`,
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        statusCode: 404,
        code: 'registration-not-found',
        message: 'Registration not found',
        errors: [],
      });
      const malformed = await request(app.url, 'POST', `/api/registrations/not-a-uuid/${action}`);
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({
        statusCode: 400,
        code: 'validation-failed',
        message: 'id must be a registration id (a UUID)',
        errors: [
          { field: 'id', code: 'bad-format', message: 'id must be a registration id (a UUID)' },
        ],
      });
    }
  });
});

describe('giving a seat back with Stripe', () => {
  let database: TestDatabase;
  let app: TestApp;
  const stripe = new StripeStandIn();

  beforeAll(async () => {
    await stripe.start();
    database = await createTestDatabase();
    app = await startTestApp(database.url, { ...STRIPE_ENV, STRIPE_API_URL: stripe.url });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stripe.stop();
  });

  it('expires the Checkout Session with Stripe before releasing the hold', async () => {
    answerSessionCreation(stripe);
    const registered = await register(app, {});
    const sessionId = new URL(registered.body.url!).pathname.split('/').pop()!;
    let expired = false;
    stripe.on((sent) => {
      if (sent.path === `/v1/checkout/sessions/${sessionId}/expire` && sent.method === 'POST') {
        expired = true;
        return { status: 200, body: stripeSession({ id: sessionId, status: 'expired' }) };
      }
      if (sent.path === `/v1/checkout/sessions/${sessionId}` && sent.method === 'GET') {
        return {
          status: 200,
          body: stripeSession({ id: sessionId, status: expired ? 'expired' : 'open' }),
        };
      }
      return undefined;
    });

    const given = await request(
      app.url,
      'POST',
      `/api/registrations/${registered.body.registrationId}/give-back`,
    );
    expect(given.status).toBe(200);
    expect(given.body).toEqual({ seat: 'given-back' });
    expect(stripe.requests.map((sent) => `${sent.method} ${sent.path}`)).toEqual([
      'POST /v1/checkout/sessions',
      `GET /v1/checkout/sessions/${sessionId}`,
      `POST /v1/checkout/sessions/${sessionId}/expire`,
      `GET /v1/checkout/sessions/${sessionId}`,
    ]);
    const [row] = await app.dataSource.query('SELECT status FROM registration_view WHERE id = $1', [
      registered.body.registrationId,
    ]);
    expect(row.status).toBe('released');
  });

  it('keeps the seat when Stripe says the session was paid meanwhile', async () => {
    stripe.reset();
    answerSessionCreation(stripe);
    const registered = await register(app, {});
    const sessionId = new URL(registered.body.url!).pathname.split('/').pop()!;
    stripe.on((sent) =>
      sent.path.startsWith(`/v1/checkout/sessions/${sessionId}`)
        ? {
            status: 200,
            body: stripeSession({
              id: sessionId,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: 'pi_meanwhile',
            }),
          }
        : undefined,
    );
    const given = await request(
      app.url,
      'POST',
      `/api/registrations/${registered.body.registrationId}/give-back`,
    );
    expect(given.status).toBe(409);
    expect(given.body).toMatchObject({ message: 'This registration is already paid.' });
    const [row] = await app.dataSource.query('SELECT status FROM registration_view WHERE id = $1', [
      registered.body.registrationId,
    ]);
    expect(row.status).toBe('paid');
  });
});
