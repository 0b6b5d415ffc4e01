import fc from 'fast-check';
import Stripe from 'stripe';
import { LiveTour } from '../../src/tour/live-tour';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';
import { sessionEvent } from '../payments/payment-fixtures';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { HoldSweeper } from '../../src/checkout/hold-sweeper';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { login } from '../admin/admin-client';
import { checkInvariants, smallCatalogue, SMALL_SLOTS } from './support';
import { checkViewsAgree } from './views';

/**
 * Random interleavings of what visitors, operators and the payment provider do, sent concurrently to two app
 * instances on one database; after every run the product's invariants must hold.
 * RELIABILITY_RUNS sets the number of runs (10 here, 100 or more in `make soak`).
 */
const RUNS = Number(process.env.RELIABILITY_RUNS ?? '10');
/**
 * Each run drives two app instances through a random interleaving and checks the invariants; on a
 * shared two-core machine a run took 5 to 6.5 s, so the deadline is per run, well above that.
 */
jest.setTimeout(30_000 * RUNS);
const SEATS = 3;

type Operation =
  | { kind: 'register'; app: number; slot: number; person: number }
  | { kind: 'confirm'; app: number; target: number }
  | { kind: 'delete'; app: number; target: number; refund: boolean }
  | { kind: 'pay'; app: number; target: number; amount: 'price' | 'wrong' }
  | { kind: 'pay-again'; app: number; target: number }
  | { kind: 'refunds'; app: number }
  | { kind: 'expire'; app: number; target: number }
  | { kind: 'paid'; app: number; target: number; value: boolean }
  | { kind: 'dreamed'; app: number; target: number; value: boolean }
  | { kind: 'cancel'; app: number; target: number; refund: boolean }
  | { kind: 'offers'; app: number }
  | { kind: 'accept'; app: number; target: number }
  | { kind: 'lapse'; app: number; target: number }
  | { kind: 'capacity'; app: number; slot: number; capacity: number }
  | { kind: 'close'; app: number; slot: number }
  | { kind: 'reopen'; app: number; slot: number }
  | { kind: 'move'; app: number; slot: number; days: number };

const EVERY_STEP_ONCE: Operation[] = [
  ...[0, 1, 2, 3, 4].map((person) => ({ kind: 'register' as const, app: 0, slot: 0, person })),
  { kind: 'pay', app: 0, target: 0, amount: 'price' },
  { kind: 'paid', app: 1, target: 2, value: true },
  { kind: 'expire', app: 0, target: 2 },
  { kind: 'paid', app: 0, target: 2, value: false },
  { kind: 'paid', app: 1, target: 0, value: false },
  { kind: 'cancel', app: 1, target: 0, refund: true },
  { kind: 'cancel', app: 0, target: 1, refund: false },
  { kind: 'offers', app: 1 },
  { kind: 'accept', app: 0, target: 3 },
  { kind: 'pay', app: 1, target: 3, amount: 'price' },
  { kind: 'lapse', app: 0, target: 4 },
  { kind: 'refunds', app: 1 },
  { kind: 'capacity', app: 0, slot: 1, capacity: SEATS + 1 },
  { kind: 'close', app: 1, slot: 1 },
  { kind: 'reopen', app: 0, slot: 1 },
  { kind: 'move', app: 1, slot: 0, days: 20 },
];

const app = fc.integer({ min: 0, max: 1 });
const target = fc.nat({ max: 1000 });
const slot = fc.integer({ min: 0, max: SMALL_SLOTS.length - 1 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('capacity' as const),
      app,
      slot,
      capacity: fc.integer({ min: 1, max: SEATS + 1 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), app, slot }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reopen' as const), app, slot }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      app,
      slot,
      days: fc.integer({ min: 10, max: 40 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('register' as const),
      app,
      slot,
      person: fc.nat({ max: 9 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), app, target }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      app,
      target,
      amount: fc.constantFrom('price' as const, 'price' as const, 'wrong' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay-again' as const), app, target }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('refunds' as const), app }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), app, target }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      app,
      target,
      refund: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('paid' as const), app, target, value: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      app,
      target,
      refund: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('offers' as const), app }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('accept' as const), app, target }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lapse' as const), app, target }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('dreamed' as const),
      app,
      target,
      value: fc.boolean(),
    }),
  },
);

const WEBHOOK_SECRET = 'whsec_reliability_property';

describe('random interleavings across two app instances', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const cookies: string[] = [];
  const { catalogue, file } = smallCatalogue(SEATS);

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let index = 0; index < 2; index += 1) {
      apps.push(
        await startTestApp(
          database.url,
          {
            TOUR_FILE: file,
            REGISTRATION_RATE_LIMIT: '0',
            SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
          },
          catalogue,
        ),
      );
    }
    for (const instance of apps) {
      cookies.push(await login(instance.url, instance.config.adminPassword));
    }
  });

  afterAll(async () => {
    for (const instance of apps) await instance.close();
    await database?.drop();
  });

  it(`keeps every invariant over ${RUNS} runs`, async () => {
    let run = 0;
    const ids: string[] = [];
    const unexpected: string[] = [];

    const perform = async (op: Operation): Promise<void> => {
      const { url } = apps[op.app];
      const admin = { cookie: cookies[op.app] };
      if (op.kind === 'refunds') {
        // The refund worker of one process, as its timer would run it (retries come due later).
        await apps[op.app].app.get(RefundWorker).runOnce();
        return;
      }
      if (op.kind === 'offers') {
        // The offer worker of one process, as a capacity change would wake it.
        await apps[op.app].app.get(WaitingListOfferWorker).runOnce();
        return;
      }

      if (
        op.kind === 'capacity' ||
        op.kind === 'close' ||
        op.kind === 'reopen' ||
        op.kind === 'move'
      ) {
        // The operator changes the tour while visitors register and pay.
        const { event, time } = SMALL_SLOTS[op.slot];
        const path = `/api/admin/tour/events/${event}/slots/${encodeURIComponent(time)}`;
        const response =
          op.kind === 'capacity' || op.kind === 'move'
            ? await request<{ message: string }>(
                url,
                'PATCH',
                path,
                op.kind === 'capacity'
                  ? { capacity: op.capacity }
                  : // The slot moves to another evening, its key (and every link) kept.
                    { startsAt: new Date(Date.now() + op.days * 86_400_000).toISOString() },
                admin,
              )
            : await request<{ message: string }>(
                url,
                'POST',
                `${path}/${op.kind}`,
                undefined,
                admin,
              );
        // Below the seats taken, the capacity is refused in words.
        const refusedBelowTaken =
          response.status === 409 &&
          /seats? taken; its capacity cannot go below/.test(response.body.message);
        if (response.status !== 200 && !refusedBelowTaken) {
          unexpected.push(`${op.kind} on app ${op.app}: ${response.status}`);
        }
        return;
      }
      const id = ids.length > 0 && op.kind !== 'register' ? ids[op.target % ids.length] : undefined;
      let status: number;
      let allowed: number[];
      if (op.kind === 'register') {
        const slot = SMALL_SLOTS[op.slot];
        const response = await request<{ registrationId: string }>(
          url,
          'POST',
          '/api/create-checkout-session',
          registrationBody({ ...slot, email: `person-${op.person}-run-${run}@example.com` }),
        );
        status = response.status;
        // 400: the operator closed the slot.
        allowed = [200, 201, 400, 409];
        if (status < 300) ids.push(response.body.registrationId);
      } else if (!id) {
        return;
      } else if (op.kind === 'confirm') {
        status = (
          await request(url, 'POST', `/api/admin/registrations/${id}/confirm`, undefined, admin)
        ).status;
        allowed = [200, 201, 404, 409];
      } else if (op.kind === 'pay-again') {
        // A second, distinct payment for the same registration (another checkout, paid).
        const [row] = await apps[0].dataSource.query(
          `SELECT s.id FROM sandbox_checkout_sessions s
            WHERE s.registration_id = $1 AND s.status = 'complete' LIMIT 1`,
          [id],
        );
        if (!row) return;
        const second = `${row.id}_again_${run}_${ids.length}`;
        // At what its webhook says it took (3500 RON), whatever the first page asked: the
        // provider refunds no more than a payment took, and the refund of this one is decided
        // from its webhook's amount.
        const inserted: unknown[] = await apps[0].dataSource.query(
          `INSERT INTO sandbox_checkout_sessions
             (id, registration_id, description, locale, amount_minor, currency, success_url,
              cancel_url, expires_at, status, payment_intent_id)
           SELECT $2, registration_id, description, locale, 3500, 'ron', success_url,
                  cancel_url, expires_at, 'complete', $3
             FROM sandbox_checkout_sessions WHERE id = $1
           ON CONFLICT DO NOTHING RETURNING id`,
          [row.id, second, `pi_${second}`],
        );
        if (inserted.length === 0) return;
        const payload = JSON.stringify(
          sessionEvent(
            'checkout.session.completed',
            { id: second, registrationId: id, paymentIntent: `pi_${second}` },
            `evt_again_${second}`,
          ),
        );
        status = (
          await request(url, 'POST', '/api/payments/webhook', payload, {
            'content-type': 'application/json',
            'stripe-signature': Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: WEBHOOK_SECRET,
            }),
          })
        ).status;
        allowed = [200];
      } else if (op.kind === 'pay' || op.kind === 'expire') {
        // Only a registration that was sent to a payment page can be paid or lapse there.
        const [row] = await apps[0].dataSource.query(
          'SELECT checkout_session_id FROM registration_view WHERE id = $1',
          [id],
        );
        const session: string | undefined = row?.checkout_session_id ?? undefined;
        if (!session) return;
        if (op.kind === 'pay') {
          if (op.amount === 'wrong') {
            // A checkout whose amount is not the slot's price (a tampered or misconfigured
            // session): the payment must confirm nothing and be refunded.
            await apps[0].dataSource.query(
              `UPDATE sandbox_checkout_sessions SET amount_minor = 100, currency = 'usd'
                WHERE id = $1 AND status = 'open'`,
              [session],
            );
          }
          // The visitor pays on the sandbox's card page, which tells the webhook, as Stripe does.
          const response = await fetch(`${url}/sandbox/checkout/${encodeURIComponent(session)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              cardNumber: '4242 4242 4242 4242',
              expiry: '12/40',
              cvc: '123',
            }).toString(),
            redirect: 'manual',
          });
          status = response.status;
          await response.arrayBuffer();
          // 303: paid and recorded; 410: that session had already lapsed.
          allowed = [303, 410];
        } else {
          // The provider closes the session unpaid (if still open) and says so, signed.
          const closed: unknown[] = await apps[0].dataSource.query(
            `UPDATE sandbox_checkout_sessions SET status = 'expired'
              WHERE id = $1 AND status = 'open' RETURNING id`,
            [session],
          );
          if (closed.length === 0) return;
          const payload = JSON.stringify(
            sessionEvent(
              'checkout.session.expired',
              { id: session, registrationId: id },
              `evt_expired_${session}`,
            ),
          );
          status = (
            await request(url, 'POST', '/api/payments/webhook', payload, {
              'content-type': 'application/json',
              'stripe-signature': Stripe.webhooks.generateTestHeaderString({
                payload,
                secret: WEBHOOK_SECRET,
              }),
            })
          ).status;
          allowed = [200];
        }
      } else if (op.kind === 'delete') {
        status = (
          await request(
            url,
            'DELETE',
            `/api/registrations/${id}?refund=${op.refund}`,
            undefined,
            admin,
          )
        ).status;
        allowed = [200, 204, 404];
      } else if (op.kind === 'cancel') {
        status = (
          await request(
            url,
            'POST',
            `/api/admin/registrations/${id}/cancel`,
            { refund: op.refund },
            admin,
          )
        ).status;
        allowed = [200, 404, 409];
      } else if (op.kind === 'lapse') {
        // An offer's time runs out: the sweeper ends it (closing its payment page first).
        const [row] = await apps[0].dataSource.query(
          `SELECT checkout_session_id FROM registration_view WHERE id = $1 AND status = 'offered'`,
          [id],
        );
        if (!row) return;
        await apps[op.app].app.get(HoldSweeper).release(id, row.checkout_session_id, {
          reason: 'hold-lapsed',
          actor: 'system',
          causationId: 'property-test',
        });
        return;
      } else if (op.kind === 'accept') {
        // The person offered a seat opens the payment link of their email (then 'pay' pays it).
        const link = await apps[op.app].app.get(VisitorLinks).url('offer', id);
        const token = decodeURIComponent(link.split('token=')[1]);
        status = (await request(url, 'POST', '/api/registrations/offer/checkout', { token }))
          .status;
        allowed = [200, 404, 409];
      } else if (op.kind === 'paid') {
        status = (
          await request(
            url,
            'PATCH',
            `/api/admin/registrations/${id}/paid`,
            { paid: op.value },
            admin,
          )
        ).status;
        // 409: marking paid what holds no seat, or un-marking a card payment.
        allowed = [200, 404, 409];
      } else {
        status = (
          await request(
            url,
            'PATCH',
            `/api/admin/registrations/${id}/dreamed-captured`,
            { dreamedCaptured: op.value },
            admin,
          )
        ).status;
        allowed = [200, 404];
      }
      if (!allowed.includes(status)) unexpected.push(`${op.kind} on app ${op.app}: ${status}`);
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 12, maxLength: 32 }),
        fc.integer({ min: 1, max: 6 }),
        async (operations, concurrency) => {
          run += 1;
          for (let start = 0; start < operations.length; start += concurrency) {
            await Promise.all(operations.slice(start, start + concurrency).map(perform));
          }
          expect(unexpected).toEqual([]);
          await checkInvariants(apps[0].dataSource, catalogue);
          await checkViewsAgree(apps[0].dataSource, apps[run % 2].url, cookies[run % 2]);
          // Every refund decided reaches the provider once the workers have run.
          const later = new Date(Date.now() + 24 * 3_600_000);
          while ((await apps[run % 2].app.get(RefundWorker).runOnce(later)).refunded > 0);
          await checkInvariants(apps[0].dataSource, catalogue, { settled: true });
          // Once the offer worker has run, no slot that takes registrations keeps a free seat
          // with someone waiting (a slot the operator closed keeps its waiting list).
          const offering = apps[(run + 1) % 2];
          await offering.app.get(WaitingListOfferWorker).runOnce();
          const freeWithWaiting: { event: string; time: string }[] = await apps[0].dataSource.query(
            `SELECT event, time FROM slot_capacity
                WHERE waiting_list > 0 AND seats_taken < seat_limit`,
          );
          const tour = offering.app.get(LiveTour);
          const unoffered = freeWithWaiting.filter(
            ({ event, time }) =>
              tour.isOpenForRegistration(
                event,
                time,
                new Date(),
                offering.config.registrationClosesMinutesBefore,
              ) && tour.findEvent(event)?.automaticOffers !== false,
          );
          expect(unoffered).toEqual([]);
          await checkInvariants(apps[0].dataSource, catalogue);
          await checkViewsAgree(apps[0].dataSource, apps[run % 2].url, cookies[run % 2]);
        },
      ),
      {
        numRuns: RUNS,
        endOnFailure: true,
        // Run first, so that every run of the test reaches the new steps at least once: a full
        // slot with two waiting; a paid seat cancelled with its refund and an unpaid one without;
        // the seats offered, one offer paid, one lapsed; the tour changed under them.
        examples: [[EVERY_STEP_ONCE, 1]],
      },
    );
    // The runs reached the interesting states: full slots, with a waiting list behind them,
    // and money that went back.
    const [{ waiting }] = await apps[0].dataSource.query(
      `SELECT count(*)::int AS waiting FROM events
        WHERE type = 'RegistrationCreated' AND data->>'placement' = 'waiting-list'`,
    );
    expect(ids.length).toBeGreaterThan(SEATS * SMALL_SLOTS.length);
    expect(waiting).toBeGreaterThan(0);
    const [{ refunds }] = await apps[0].dataSource.query(
      `SELECT count(*)::int AS refunds FROM events WHERE type = 'PaymentRefunded'`,
    );
    expect(refunds).toBeGreaterThan(0);
    // And seats that freed were offered to the waiting list, and some cancelled.
    const [{ offers, cancellations }] = await apps[0].dataSource.query(
      `SELECT count(*) FILTER (WHERE type = 'WaitingListOfferMade')::int AS offers,
              count(*) FILTER (WHERE type = 'RegistrationCancelled')::int AS cancellations
         FROM events`,
    );
    expect(offers).toBeGreaterThan(0);
    expect(cancellations).toBeGreaterThan(0);
    // And the operator changed the tour under them.
    const tourChanges: { type: string }[] = await apps[0].dataSource.query(
      `SELECT DISTINCT type FROM events WHERE stream_id LIKE 'tour-event-%' ORDER BY type`,
    );
    expect(tourChanges.map((row) => row.type)).toEqual(
      expect.arrayContaining(['SlotCapacityChanged', 'SlotClosed', 'SlotReopened']),
    );
  });

  it('notices a read model that disagrees with the events', async () => {
    await checkInvariants(apps[0].dataSource, catalogue);
    // The slot with the most seats taken, whichever the runs left fullest.
    const [slot]: { event: string; time: string }[] = await apps[0].dataSource.query(
      'SELECT event, time FROM slot_capacity ORDER BY seats_taken DESC, event, time LIMIT 1',
    );
    await apps[0].dataSource.query(
      'UPDATE slot_capacity SET waiting_list = waiting_list + 1 WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    await expect(
      checkInvariants(apps[0].dataSource, catalogue, { rebuild: false }),
    ).rejects.toThrow(/the events say/);
    await apps[0].dataSource.query(
      'UPDATE slot_capacity SET waiting_list = waiting_list - 1 WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    // An oversold slot cannot even be written: the database refuses it (CHECK).
    const [{ seats_taken: taken }] = await apps[0].dataSource.query(
      'SELECT seats_taken FROM slot_capacity WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    expect(taken).toBeGreaterThan(0);
    await expect(
      apps[0].dataSource.query(
        'UPDATE slot_capacity SET seat_limit = $3 WHERE event = $1 AND time = $2',
        [slot.event, slot.time, taken - 1],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await apps[0].dataSource.query(
      'UPDATE slot_capacity SET seats_taken = seats_taken - 1 WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    await expect(
      checkInvariants(apps[0].dataSource, catalogue, { rebuild: false }),
    ).rejects.toThrow(/the events say/);
    await apps[0].dataSource.query(
      'UPDATE slot_capacity SET seats_taken = seats_taken + 1 WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
  });
});
