import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';
import { chargeRefundedEvent, sessionEvent } from '../payments/payment-fixtures';
import { checkInvariants, smallCatalogue, SMALL_SLOTS } from './support';

/**
 * 500 deliveries of duplicated and reordered signed payment events for 50 registrations, sent
 * concurrently to two app instances: the final state is exact, and no payment is recorded twice.
 */
const SECRET = 'whsec_reliability_storm';
const REGISTRATIONS = 50;
const DELIVERIES_EACH = 10;

type Scenario = 'paid' | 'expired' | 'paid-and-expired' | 'paid-and-refunded';
const EXPECTED: Record<Scenario, { status: string; payments: number; refunds: number }> = {
  paid: { status: 'paid', payments: 1, refunds: 0 },
  expired: { status: 'released', payments: 0, refunds: 0 },
  // Whichever comes first, the payment wins: a lapsed hold takes its seat again (seats are free).
  'paid-and-expired': { status: 'paid', payments: 1, refunds: 0 },
  'paid-and-refunded': { status: 'refunded', payments: -1, refunds: 1 },
};

describe('a storm of duplicated and reordered payment webhooks', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const { catalogue, file } = smallCatalogue(40);

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      TOUR_FILE: file,
      SANDBOX_WEBHOOK_SECRET: SECRET,
      REGISTRATION_RATE_LIMIT: '0',
      WORKERS: 'false',
    };
    apps.push(await startTestApp(database.url, env, catalogue));
    apps.push(await startTestApp(database.url, env, catalogue));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('ends in the exact state with no payment recorded twice', async () => {
    const scenarios: Scenario[] = ['paid', 'expired', 'paid-and-expired', 'paid-and-refunded'];
    const registrations: { id: string; session: string; scenario: Scenario }[] = [];
    for (let index = 0; index < REGISTRATIONS; index += 1) {
      const response = await request<{ registrationId: string }>(
        apps[index % 2].url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({ ...SMALL_SLOTS[index % SMALL_SLOTS.length] }),
      );
      expect(response.status).toBe(200);
      const [row] = await apps[0].dataSource.query(
        'SELECT checkout_session_id FROM registration_view WHERE id = $1',
        [response.body.registrationId],
      );
      expect(row.checkout_session_id).toEqual(expect.any(String));
      registrations.push({
        id: response.body.registrationId,
        session: row.checkout_session_id,
        scenario: scenarios[index % scenarios.length],
      });
    }

    // Ten deliveries each: the provider's retries (same event id) and distinct events.
    const deliveries: object[] = [];
    for (const { id, session, scenario } of registrations) {
      const completed = sessionEvent(
        'checkout.session.completed',
        { id: session, registrationId: id },
        `evt_c_${session}`,
      );
      const succeeded = sessionEvent(
        'checkout.session.async_payment_succeeded',
        { id: session, registrationId: id },
        `evt_a_${session}`,
      );
      const expired = sessionEvent(
        'checkout.session.expired',
        { id: session, registrationId: id },
        `evt_x_${session}`,
      );
      const refunded = chargeRefundedEvent(id, `pi_${session}`, `evt_r_${session}`);
      const mix: Record<Scenario, object[]> = {
        paid: [completed, completed, completed, succeeded, succeeded],
        expired: [expired, expired, expired, expired, expired],
        'paid-and-expired': [completed, completed, expired, expired, succeeded],
        'paid-and-refunded': [completed, completed, refunded, refunded, succeeded],
      };
      for (let copy = 0; copy < DELIVERIES_EACH; copy += 1) {
        deliveries.push(mix[scenario][copy % mix[scenario].length]);
      }
    }
    // Reordered: a seeded shuffle of all 500.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let index = deliveries.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [deliveries[index], deliveries[other]] = [deliveries[other], deliveries[index]];
    }
    expect(deliveries).toHaveLength(REGISTRATIONS * DELIVERIES_EACH);

    const statuses: Record<number, number> = {};
    let next = 0;
    await Promise.all(
      Array.from({ length: 25 }, async (_, worker) => {
        while (next < deliveries.length) {
          const payload = JSON.stringify(deliveries[next++]);
          // A 503 (the database past its deadline on a machine busy with other work) is
          // delivered again, as Stripe retries every answer that is not a 2xx; any other
          // answer is final.
          for (let attempt = 1; ; attempt += 1) {
            const signature = Stripe.webhooks.generateTestHeaderString({
              payload,
              secret: SECRET,
            });
            const response = await request(
              apps[worker % 2].url,
              'POST',
              '/api/payments/webhook',
              payload,
              {
                'content-type': 'application/json',
                'stripe-signature': signature,
              },
            );
            if (response.status === 503 && attempt < 5) continue;
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            break;
          }
        }
      }),
    );
    expect(statuses).toEqual({ 200: REGISTRATIONS * DELIVERIES_EACH });

    const rows: { id: string; status: string; payments: number; refunds: number }[] =
      await apps[0].dataSource.query(
        `SELECT v.id, v.status,
                (SELECT count(*)::int FROM events e WHERE e.stream_id = 'registration-' || v.id
                    AND e.type = 'PaymentConfirmed') AS payments,
                (SELECT count(*)::int FROM events e WHERE e.stream_id = 'registration-' || v.id
                    AND e.type = 'PaymentRefunded') AS refunds
           FROM registration_view v WHERE v.id = ANY($1::uuid[])`,
        [registrations.map((registration) => registration.id)],
      );
    expect(rows).toHaveLength(REGISTRATIONS);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const { id, scenario } of registrations) {
      const row = byId.get(id)!;
      const expected = EXPECTED[scenario];
      expect({ scenario, status: row.status, refunds: row.refunds }).toEqual({
        scenario,
        status: expected.status,
        refunds: expected.refunds,
      });
      // A payment is recorded at most once; exactly once where it stands.
      if (expected.payments >= 0)
        expect({ scenario, payments: row.payments }).toEqual({
          scenario,
          payments: expected.payments,
        });
      else expect(row.payments).toBeLessThanOrEqual(1);
    }
    // No provider event was acted on twice.
    const [{ duplicates }] = await apps[0].dataSource.query(
      `SELECT count(*)::int AS duplicates FROM (
         SELECT data->>'providerEventId' FROM events
          WHERE type IN ('PaymentConfirmed', 'PaymentRefunded') AND data->>'providerEventId' IS NOT NULL
          GROUP BY 1 HAVING count(*) > 1) d`,
    );
    expect(duplicates).toBe(0);
    await checkInvariants(apps[0].dataSource, catalogue);
  }, 180_000);
});
