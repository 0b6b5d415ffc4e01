import { REFUND_BATCH, RefundWorker } from '../../src/checkout/refund-worker';
import { MORE_DUE } from '../../src/common/polling-worker';
import { passOf } from '../worker-pass';
import { OPEN_SLOT } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { adminRequest, login } from '../admin/admin-client';
import { deliver, registerVisitor, sessionEvent, STRIPE_ENV } from './payment-fixtures';
import { answerSessionCreation, StripeStandIn, type StandInReply } from './stripe-stand-in';
import { catalogueWithSeats } from '../test-tour';
import { storedEvents } from '../read-models';

/** A completed checkout session event whose payment is `amount` of `currency`. */
function paidEvent(
  session: { id: string; registrationId: string; paymentIntent: string },
  amountMinor: number,
  currency: string,
  eventId?: string,
): Record<string, unknown> {
  const event = sessionEvent('checkout.session.completed', session, eventId);
  const object = (event.data as { object: Record<string, unknown> }).object;
  object.amount_total = amountMinor;
  object.currency = currency;
  return event;
}

async function eventsOf(
  app: TestApp,
  id: string,
): Promise<{ type: string; data: Record<string, unknown> }[]> {
  return storedEvents(app.dataSource, `registration-${id}`);
}

async function view(app: TestApp, id: string) {
  const [row] = await app.dataSource.query(
    'SELECT status, paid, checkout_session_id FROM registration_view WHERE id = $1',
    [id],
  );
  return row as { status: string; paid: boolean; checkout_session_id: string } | undefined;
}

async function outboxKinds(app: TestApp, id: string): Promise<string[]> {
  const rows: { kind: string }[] = await app.dataSource.query(
    'SELECT kind FROM outbox WHERE registration_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((row) => row.kind);
}

async function seatsTaken(app: TestApp): Promise<number> {
  const [row] = await app.dataSource.query(
    `SELECT seats_taken FROM slot_capacity WHERE event = 'bucharest' AND time = $1`,
    [OPEN_SLOT],
  );
  return (row as { seats_taken: number }).seats_taken;
}

function refundsAnswered(
  stripe: StripeStandIn,
  /** The provider's answer to each refund call; a refund made when it answers nothing. */
  reply?: () => StandInReply | Promise<StandInReply> | undefined,
) {
  let count = 0;
  stripe.on((received) => {
    if (received.method !== 'POST' || received.path !== '/v1/refunds') return undefined;
    count += 1;
    return (
      reply?.() ?? {
        status: 200,
        body: { id: `re_${count}`, object: 'refund', status: 'succeeded' },
      }
    );
  });
}

function refundRequests(stripe: StripeStandIn) {
  return stripe.requests.filter((received) => received.path === '/v1/refunds');
}

describe('every payment checked, every refund through the outbox', () => {
  const stripe = new StripeStandIn();
  let app: TestApp;
  let worker: RefundWorker;

  beforeAll(async () => {
    await stripe.start();
  });

  const ours = appsOnOwnDatabase(() => [
    { env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url }, catalogue: catalogueWithSeats(20) },
  ]);

  beforeAll(() => {
    app = ours.app;
    worker = app.app.get(RefundWorker);
  });

  beforeEach(() => {
    stripe.reset();
    answerSessionCreation(stripe);
  });

  afterAll(async () => {
    await stripe.stop();
  });

  async function hold() {
    const registered = await registerVisitor(app.url);
    expect(registered.status).toBe(200);
    const row = await view(app, registered.registrationId);
    const id = registered.registrationId;
    const sessionId: string = row!.checkout_session_id;
    // The checkout session as the provider's events name it, paid by the payment `pi_<id>`.
    const session = { id: sessionId, registrationId: id, paymentIntent: `pi_${id}` };
    return { id, registrationId: id, sessionId, session };
  }

  it.each([
    ['1 USD', 100, 'usd'],
    ['3,499 bani', 3499, 'ron'],
  ])('a payment of %s confirms nothing and is refunded once', async (_, amount, currency) => {
    refundsAnswered(stripe);
    const held = await hold();
    const before = await seatsTaken(app);
    const { session } = held;
    const first = await deliver(app.url, paidEvent(session, amount, currency));
    expect(first.body.outcome).toBe('refund-requested');
    // Delivered again under another event id: decided once.
    expect((await deliver(app.url, paidEvent(session, amount, currency))).body.outcome).toBe(
      'unchanged',
    );
    expect(await view(app, held.id)).toMatchObject({ status: 'released', paid: false });
    expect(await seatsTaken(app)).toBe(before - 1);
    expect(refundRequests(stripe)).toHaveLength(0);

    expect(await worker.runOnce()).toEqual({ refunded: 1, failed: 0 });
    expect(await worker.runOnce(new Date(Date.now() + 3_600_000))).toEqual({
      refunded: 0,
      failed: 0,
    });
    const refunds = refundRequests(stripe);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].form).toMatchObject({
      payment_intent: `pi_${held.id}`,
      amount: String(amount),
    });
    expect(refunds[0].headers['idempotency-key']).toBe(`refund-pi_${held.id}`);

    const events = await eventsOf(app, held.id);
    expect(events.map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'RefundRequested',
      'CheckoutExpired',
      'PaymentRefunded',
    ]);
    expect(events[2].data).toMatchObject({
      reason: 'amount-mismatch',
      amountMinor: amount,
      currency,
      expectedAmountMinor: 3500,
      expectedCurrency: 'RON',
      paymentIntentId: `pi_${held.id}`,
      sessionId: held.sessionId,
    });
    expect(events[4].data).toMatchObject({ refundId: 're_1', reason: 'amount-mismatch' });
    // The money received and sent back: a receipt for each.
    expect(await outboxKinds(app, held.id)).toEqual([
      'payment-refund',
      'payment-receipt',
      'payment-refunded',
      'refund-receipt',
    ]);
    expect(events.some((event) => event.type === 'PaymentConfirmed')).toBe(false);

    // The operator sees it in the history.
    const cookie = await login(app.url);
    const history = await adminRequest<{
      events: { type: string; payload: Record<string, unknown> }[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${held.id}/history`);
    expect(history.body.events.map((entry) => entry.type)).toContain('RefundRequested');
    expect(
      history.body.events.find((entry) => entry.type === 'RefundRequested')?.payload,
    ).toMatchObject({ reason: 'amount-mismatch', expectedAmountMinor: 3500 });
  });

  it('a second payment for a paid seat is refunded once though its webhook comes five times', async () => {
    refundsAnswered(stripe);
    const held = await hold();
    const firstSession = {
      id: held.sessionId,
      registrationId: held.id,
      paymentIntent: `pi_first_${held.id}`,
    };
    expect((await deliver(app.url, paidEvent(firstSession, 3500, 'ron'))).body.outcome).toBe(
      'confirmed',
    );
    const secondSession = {
      id: `cs_second_${held.id}`,
      registrationId: held.id,
      paymentIntent: `pi_second_${held.id}`,
    };
    const second = paidEvent(secondSession, 3500, 'ron');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => deliver(app.url, second).then((r) => r.body.outcome)),
    );
    expect(outcomes.filter((outcome) => outcome === 'refund-requested')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
    // And under other event ids, as a retried or re-sent notification would come.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const again = await deliver(app.url, paidEvent(secondSession, 3500, 'ron'));
      expect(again.body.outcome).toBe('unchanged');
    }
    await Promise.all([worker.runOnce(), worker.runOnce()]);
    await worker.runOnce(new Date(Date.now() + 3_600_000));
    const refunds = refundRequests(stripe);
    expect(refunds).toHaveLength(1);
    expect(refunds[0].form.payment_intent).toBe(`pi_second_${held.id}`);

    expect(await view(app, held.id)).toMatchObject({ status: 'paid', paid: true });
    const types = (await eventsOf(app, held.id)).map((event) => event.type);
    expect(types).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaymentConfirmed',
      'SeatNumbered',
      'RefundRequested',
      'PaymentRefunded',
    ]);
    expect(await outboxKinds(app, held.id)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'payment-receipt',
      'payment-refund',
      'payment-receipt',
      'payment-refunded',
      'refund-receipt',
    ]);
  });

  it('works through a backlog of refunds a batch after another, and leaves a batch that all failed to the interval', async () => {
    let failing = false;
    refundsAnswered(stripe, () =>
      failing
        ? { status: 400, body: { error: { type: 'api_error', message: 'Try later' } } }
        : undefined,
    );
    const refundOfEach = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        const held = await hold();
        const { session } = held;
        expect((await deliver(app.url, paidEvent(session, 100, 'usd'))).body.outcome).toBe(
          'refund-requested',
        );
      }
    };
    await refundOfEach(REFUND_BATCH + 2);
    expect(await passOf(worker)).toBe(MORE_DUE);
    expect(refundRequests(stripe)).toHaveLength(REFUND_BATCH);
    expect(await passOf(worker)).toBeUndefined();
    expect(refundRequests(stripe)).toHaveLength(REFUND_BATCH + 2);

    // The provider down: a whole batch fails, and the next pass waits for the interval.
    failing = true;
    await refundOfEach(REFUND_BATCH);
    expect(await passOf(worker)).toBeUndefined();
    expect(refundRequests(stripe)).toHaveLength(2 * REFUND_BATCH + 2);
    // Back, the provider refunds them at their retry, and nothing is left for the next test.
    failing = false;
    expect(await worker.runOnce(new Date(Date.now() + 3_600_000))).toEqual({
      refunded: REFUND_BATCH,
      failed: 0,
    });
  });

  it('retries a failed refund, and the slot takes registrations while the provider stalls', async () => {
    const held = await hold();
    let calls = 0;
    let release: (() => void) | undefined;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    let stalling: (() => void) | undefined;
    const reachedProvider = new Promise<void>((resolve) => (stalling = resolve));
    refundsAnswered(stripe, () => {
      calls += 1;
      if (calls === 1) {
        return { status: 400, body: { error: { type: 'api_error', message: 'Try later' } } };
      }
      stalling?.();
      return stalled.then(() => ({
        status: 200,
        body: { id: 're_stalled', object: 'refund', status: 'succeeded' },
      }));
    });
    const { session } = held;
    expect((await deliver(app.url, paidEvent(session, 100, 'usd'))).body.outcome).toBe(
      'refund-requested',
    );
    expect(await worker.runOnce()).toEqual({ refunded: 0, failed: 1 });
    const [row] = await app.dataSource.query(
      `SELECT attempts, last_error FROM outbox WHERE registration_id = $1 AND kind = 'payment-refund'`,
      [held.id],
    );
    expect(row).toMatchObject({ attempts: 1 });
    expect(row.last_error).toMatch(/Try later/);

    // The retry reaches a provider that does not answer...
    const retry = worker.runOnce(new Date(Date.now() + 60_000));
    await reachedProvider;
    // ...and meanwhile the slot's lock is free: nobody holds it, and registrations go through.
    const locks = await app.dataSource.query(
      `SELECT count(*)::int AS held FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(locks[0].held).toBe(0);
    const during = await Promise.all([hold(), hold(), hold()]);
    for (const registered of during) {
      expect(await view(app, registered.id)).toMatchObject({ status: 'held' });
    }
    expect(await view(app, held.id)).toMatchObject({ status: 'released' });
    expect((await eventsOf(app, held.id)).some((event) => event.type === 'PaymentRefunded')).toBe(
      false,
    );

    release!();
    expect(await retry).toEqual({ refunded: 1, failed: 0 });
    const refunds = refundRequests(stripe);
    expect(refunds).toHaveLength(2);
    expect(refunds[0].headers['idempotency-key']).toBe(refunds[1].headers['idempotency-key']);
    const refunded = (await eventsOf(app, held.id)).filter(
      (event) => event.type === 'PaymentRefunded',
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0].data).toMatchObject({ refundId: 're_stalled' });
  });

  it('deleting a paid registration refunds it through the outbox unless the operator says no', async () => {
    refundsAnswered(stripe);
    const cookie = await login(app.url);
    const admin = {
      request: (method: string, path: string) => adminRequest(app.url, cookie, method, path),
    };
    const paidOne = async () => {
      const held = await hold();
      const { session } = held;
      expect((await deliver(app.url, paidEvent(session, 3500, 'ron'))).body.outcome).toBe(
        'confirmed',
      );
      return held;
    };

    const refunded = await paidOne();
    const bad = await admin.request('DELETE', `/api/registrations/${refunded.id}?refund=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'refund must be true or false' });
    expect(await view(app, refunded.id)).toMatchObject({ status: 'paid' });

    const deleted = await admin.request('DELETE', `/api/registrations/${refunded.id}`);
    expect(deleted.status).toBe(204);
    expect(await worker.runOnce()).toEqual({ refunded: 1, failed: 0 });
    const types = (await eventsOf(app, refunded.id)).map((event) => event.type);
    expect(types.slice(-3)).toEqual(['RefundRequested', 'RegistrationDeleted', 'PaymentRefunded']);
    expect(refundRequests(stripe).map((received) => received.form.payment_intent)).toEqual([
      `pi_${refunded.id}`,
    ]);
    // Nobody is left to email: the refund goes, no message does (the reminder was cancelled).
    expect(await outboxKinds(app, refunded.id)).toEqual([
      'payment-confirmed',
      'show-reminder',
      'payment-receipt',
      'payment-refund',
    ]);

    const kept = await paidOne();
    const noRefund = await admin.request('DELETE', `/api/registrations/${kept.id}?refund=false`);
    expect(noRefund.status).toBe(204);
    expect(await worker.runOnce()).toEqual({ refunded: 0, failed: 0 });
    expect((await eventsOf(app, kept.id)).map((event) => event.type).slice(-1)).toEqual([
      'RegistrationDeleted',
    ]);
    expect(refundRequests(stripe)).toHaveLength(1);
  });
});
