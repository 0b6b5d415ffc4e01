import { HoldSweeper } from '../../src/checkout/hold-sweeper';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT, request } from '../http';
import { answerSessionCreation, StripeStandIn, stripeSession } from './stripe-stand-in';
import { registerVisitor, STRIPE_ENV } from './payment-fixtures';
import { adminRequest, login } from '../admin/admin-client';
import { catalogueWithSeats } from '../test-tour';
import { storedEvents } from '../read-models';

const MINUTE = 60_000;

async function view(app: TestApp, id: string) {
  const [row] = await app.dataSource.query(
    'SELECT status, paid, waiting_list, checkout_session_id FROM registration_view WHERE id = $1',
    [id],
  );
  return row as {
    status: string;
    paid: boolean;
    waiting_list: boolean;
    checkout_session_id: string;
  };
}

async function streamEvents(app: TestApp, id: string) {
  return (await storedEvents(app.dataSource, `registration-${id}`)).map(
    ({ type, data, metadata }) => ({
      type,
      actor: metadata.actor as string,
      reason: (data.reason as string | undefined) ?? null,
      seat: (data.seat as string | undefined) ?? null,
    }),
  );
}

async function capacity(app: TestApp) {
  const response = await request<
    Record<string, Record<string, { registered: number; available: number; waitingList: number }>>
  >(app.url, 'GET', '/api/capacity');
  return response.body.bucharest[OPEN_SLOT];
}

describe('the hold sweeper (sandbox)', () => {
  let app: TestApp;

  const opened = appsOnOwnDatabase([{ catalogue: catalogueWithSeats(1) }]);

  beforeAll(async () => {
    app = opened.app;
  });

  it('releases a lapsed hold, the seat is free at once, and the next registrant gets it', async () => {
    const sweeper = app.app.get(HoldSweeper);
    const first = await registerVisitor(app.url);
    const waiting = await registerVisitor(app.url);
    expect(waiting.waitingList).toBe(true);
    expect(await capacity(app)).toMatchObject({ registered: 1, available: 0, waitingList: 1 });

    const now = Date.now();
    // Within the hold, and within the grace period after it: nothing moves.
    expect(await sweeper.runOnce(new Date(now + 10 * MINUTE))).toEqual({
      released: 0,
      confirmed: 0,
      skipped: 0,
    });
    expect(await sweeper.runOnce(new Date(now + 32 * MINUTE))).toEqual({
      released: 0,
      confirmed: 0,
      skipped: 0,
    });
    expect((await view(app, first.registrationId)).status).toBe('held');

    expect(await sweeper.runOnce(new Date(now + 36 * MINUTE))).toEqual({
      released: 1,
      confirmed: 0,
      skipped: 0,
    });
    expect((await view(app, first.registrationId)).status).toBe('released');
    expect((await streamEvents(app, first.registrationId)).map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'CheckoutExpired',
    ]);
    expect((await streamEvents(app, first.registrationId))[2]).toMatchObject({
      actor: 'system',
      reason: 'hold-lapsed',
    });
    expect(await capacity(app)).toMatchObject({ registered: 0, available: 1 });
    // The sandbox's page is closed too, so the released seat cannot be paid for later.
    const sessionId = (await view(app, first.registrationId)).checkout_session_id;
    const [session] = await app.dataSource.query(
      'SELECT status FROM sandbox_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    expect(session.status).toBe('expired');

    // A second pass finds nothing more to do.
    expect(await sweeper.runOnce(new Date(now + 36 * MINUTE))).toEqual({
      released: 0,
      confirmed: 0,
      skipped: 0,
    });

    const next = await registerVisitor(app.url);
    expect(next.waitingList).toBeUndefined();
    expect(next.url).toContain('/sandbox/checkout/');
    expect((await view(app, next.registrationId)).status).toBe('held');
    expect(await capacity(app)).toMatchObject({ registered: 1, available: 0 });
  });

  it('knows when the next hold falls due (its deadline plus the grace), so it can wake then', async () => {
    const sweeper = app.app.get(HoldSweeper);
    const [held]: { id: string; hold_expires_at: Date }[] = await app.dataSource.query(
      `SELECT id, hold_expires_at FROM registration_view WHERE status = 'held'`,
    );
    const deadline = new Date(held.hold_expires_at).getTime();
    const grace = 5 * MINUTE; // HOLD_GRACE_MINUTES' default
    expect(await sweeper.nextDeadline(new Date())).toEqual(new Date(deadline + grace));
    // Past the deadline, within the grace: still the one to wake for.
    expect(await sweeper.nextDeadline(new Date(deadline + MINUTE))).toEqual(
      new Date(deadline + grace),
    );
    // Once it is due, the pass sweeps it; nothing later is held.
    expect(await sweeper.nextDeadline(new Date(deadline + grace + 1))).toBeNull();
    expect(await sweeper.runOnce(new Date(deadline + grace + 1))).toMatchObject({ released: 1 });
    expect(await sweeper.nextDeadline(new Date())).toBeNull();
  });
});

describe('the hold sweeper (Stripe)', () => {
  const stripe = new StripeStandIn();
  let app: TestApp;
  let sweeper: HoldSweeper;

  beforeAll(async () => {
    await stripe.start();
  });

  const opened = appsOnOwnDatabase(() => [{ env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url } }]);

  beforeAll(async () => {
    app = opened.app;
    sweeper = app.app.get(HoldSweeper);
  });

  afterAll(async () => {
    await stripe.stop();
  });

  beforeEach(() => {
    stripe.reset();
    answerSessionCreation(stripe);
  });

  async function lapse(): Promise<void> {
    // Every live hold in this database ends up an hour in the past.
    await app.dataSource.query(
      `UPDATE registration_view SET hold_expires_at = now() - interval '1 hour' WHERE status = 'held'`,
    );
  }

  it('asks Stripe first, so a paid session becomes a paid seat instead of a released one', async () => {
    const registered = await registerVisitor(app.url);
    const sessionId = (await view(app, registered.registrationId)).checkout_session_id;
    stripe.on((request) =>
      request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`
        ? {
            status: 200,
            body: stripeSession({
              id: sessionId,
              status: 'complete',
              payment_status: 'paid',
              payment_intent: 'pi_paid_1',
            }),
          }
        : undefined,
    );
    await lapse();
    expect(await sweeper.runOnce()).toEqual({ released: 0, confirmed: 1, skipped: 0 });
    expect(await view(app, registered.registrationId)).toMatchObject({
      status: 'paid',
      paid: true,
    });
    const events = await streamEvents(app, registered.registrationId);
    expect(events[2]).toMatchObject({ type: 'PaymentConfirmed', actor: 'system', seat: 'held' });
    const [row] = await app.dataSource.query('SELECT kind FROM outbox WHERE registration_id = $1', [
      registered.registrationId,
    ]);
    expect(row.kind).toBe('payment-confirmed');
    expect(stripe.requests.filter((request) => request.path.endsWith('/expire'))).toHaveLength(0);
  });

  it('expires an open unpaid session at Stripe, then releases the hold', async () => {
    const registered = await registerVisitor(app.url);
    const sessionId = (await view(app, registered.registrationId)).checkout_session_id;
    let expired = false;
    stripe.on((request) => {
      if (
        request.path === `/v1/checkout/sessions/${sessionId}/expire` &&
        request.method === 'POST'
      ) {
        expired = true;
        return { status: 200, body: stripeSession({ id: sessionId, status: 'expired' }) };
      }
      if (request.path === `/v1/checkout/sessions/${sessionId}` && request.method === 'GET') {
        return {
          status: 200,
          body: stripeSession({ id: sessionId, status: expired ? 'expired' : 'open' }),
        };
      }
      return undefined;
    });
    await lapse();
    expect(await sweeper.runOnce()).toEqual({ released: 1, confirmed: 0, skipped: 0 });
    expect((await view(app, registered.registrationId)).status).toBe('released');
    expect(stripe.requests.map((request) => `${request.method} ${request.path}`).slice(-3)).toEqual(
      [
        `GET /v1/checkout/sessions/${sessionId}`,
        `POST /v1/checkout/sessions/${sessionId}/expire`,
        `GET /v1/checkout/sessions/${sessionId}`,
      ],
    );
  });

  it('leaves the hold for the next pass when Stripe cannot be asked', async () => {
    const registered = await registerVisitor(app.url);
    stripe.on((request) =>
      request.method === 'GET' && request.path.startsWith('/v1/checkout/sessions/')
        ? {
            status: 400,
            body: { error: { type: 'invalid_request_error', message: 'No such session' } },
          }
        : undefined,
    );
    await lapse();
    expect(await sweeper.runOnce()).toEqual({ released: 0, confirmed: 0, skipped: 1 });
    expect((await view(app, registered.registrationId)).status).toBe('held');
  });
});

describe('two app instances sweeping the same database at once', () => {
  const instances = appsOnOwnDatabase([{}, {}]);

  it('release each lapsed hold exactly once', async () => {
    const [first, second] = instances.apps;
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1)
      ids.push((await registerVisitor(i % 2 ? first.url : second.url)).registrationId);
    const later = new Date(Date.now() + 40 * MINUTE);
    const [a, b] = await Promise.all([
      first.app.get(HoldSweeper).runOnce(later),
      second.app.get(HoldSweeper).runOnce(later),
    ]);
    expect(a.released + b.released).toBe(8);
    expect(a.confirmed + b.confirmed).toBe(0);
    const rows: { stream_id: string; count: number }[] = await first.dataSource.query(
      `SELECT stream_id, count(*)::int AS count FROM events WHERE type = 'CheckoutExpired' GROUP BY stream_id`,
    );
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.count === 1)).toBe(true);
    const response = await request<Record<string, Record<string, { registered: number }>>>(
      first.url,
      'GET',
      '/api/capacity',
    );
    expect(response.body.bucharest[OPEN_SLOT].registered).toBe(0);
    for (const id of ids) expect((await view(first, id)).status).toBe('released');
  });
});

describe("an operator's Mark paid", () => {
  const instances = appsOnOwnDatabase([{ catalogue: catalogueWithSeats(1) }]);

  it('keeps the seat through the hold sweeper; un-marking holds it again with a fresh deadline', async () => {
    const [app] = instances.apps;
    const sweeper = app.app.get(HoldSweeper);
    const cookie = await login(app.url);
    const held = await registerVisitor(app.url);
    const id = held.registrationId;

    const marked = await adminRequest<{ status: string; paid: boolean; paidBy: string | null }>(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/paid`,
      { paid: true },
    );
    expect(marked.body).toMatchObject({ status: 'paid', paid: true, paidBy: 'operator' });

    // Long past the hold's deadline, the sweeper leaves a paid seat alone.
    expect(await sweeper.runOnce(new Date(Date.now() + 36 * MINUTE))).toMatchObject({
      released: 0,
    });
    expect(await view(app, id)).toMatchObject({ status: 'paid', paid: true });
    expect(await capacity(app)).toMatchObject({ registered: 1, available: 0 });
    const someoneElse = await registerVisitor(app.url);
    expect(someoneElse.waitingList).toBe(true);

    const unmarked = await adminRequest<{ status: string; paid: boolean; holdExpiresAt: string }>(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/paid`,
      { paid: false },
    );
    expect(unmarked.body).toMatchObject({ status: 'held', paid: false });
    expect(Date.parse(unmarked.body.holdExpiresAt)).toBeGreaterThan(Date.now() + 25 * MINUTE);
    expect(await sweeper.runOnce(new Date(Date.now() + 36 * MINUTE))).toMatchObject({
      released: 1,
    });
    expect((await view(app, id)).status).toBe('released');
  });
});
