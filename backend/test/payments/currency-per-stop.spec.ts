import { RefundWorker } from '../../src/checkout/refund-worker';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { LiveTour, parseTour } from '../../src/tour/live-tour';
import { tourProblems } from '../../src/tour/domain/tour';
import { formatAmount, isPriceCurrency, minorDigits } from '../../src/common/money';
import { adminRequest, login } from '../admin/admin-client';
import { payInSandbox, request } from '../http';
import { snapshotReadModels, storedEvents } from '../read-models';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';
import {
  chargeRefundedEvent,
  deliver,
  registerVisitor,
  sessionEvent,
  STRIPE_ENV,
} from './payment-fixtures';
import { answerSessionCreation, STAND_IN_FEE, StripeStandIn } from './stripe-stand-in';

const DAY_MS = 86_400_000;
const NAPOLI_SLOT = 'Napoli evening';

/**
 * The tests' tour with a second open stop, Napoli, priced 30 EUR beside Bucharest's 35 RON: the
 * tour plays in two currencies at once.
 */
function twoCurrencyTour(): LiveTour {
  const tour = testTour();
  const napoli = tour.events.find((event) => event.slug === 'napoli')!;
  const startsAt = new Date(
    Math.ceil((Date.now() + 40 * DAY_MS) / DAY_MS) * DAY_MS + 18 * 3_600_000,
  );
  Object.assign(napoli, {
    status: 'open',
    priceMinor: 3000,
    currency: 'EUR',
    date: startsAt.toISOString().slice(0, 10),
    slots: [{ time: NAPOLI_SLOT, startsAt: startsAt.toISOString(), status: 'open', capacity: 20 }],
  });
  return new LiveTour(parseTour(tour));
}

const IN_NAPOLI = { event: 'napoli', time: NAPOLI_SLOT };

type Data = Record<string, unknown>;

async function eventsOf(app: TestApp, id: string): Promise<{ type: string; data: Data }[]> {
  return storedEvents(app.dataSource, `registration-${id}`);
}

async function dataOf(app: TestApp, id: string, type: string): Promise<Data> {
  const [event] = await storedEvents(app.dataSource, `registration-${id}`, type);
  if (!event) throw new Error(`${id} has no ${type}`);
  return event.data;
}

async function sessionOf(app: TestApp, id: string): Promise<string> {
  return (await dataOf(app, id, 'CheckoutSessionOpened')).sessionId as string;
}

describe('money', () => {
  it('counts each currency’s minor unit once, as Intl does, and takes only what the provider takes', () => {
    expect(minorDigits('RON')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    for (const code of ['RON', 'EUR', 'USD', 'GBP', 'JPY', 'CHF'])
      expect(isPriceCurrency(code)).toBe(true);
    // Not ISO 4217, not in capitals, or counted differently by Intl and Stripe.
    for (const code of ['XYZ', 'eur', 'LEI', 'ISK', 'HUF', 'BHD', 'IDR', 3]) {
      expect(isPriceCurrency(code)).toBe(false);
    }
    expect(formatAmount(3500, 'RON', 'en')).toBe('35\u00a0RON');
    expect(formatAmount(3050, 'EUR', 'it')).toBe('30,50\u00a0EUR');
    expect(formatAmount(4250, 'ron', 'ro')).toBe('42,50\u00a0RON');
    expect(formatAmount(3500, 'JPY', 'en')).toBe('3,500\u00a0JPY');
  });

  it('a tour file names each stop’s currency, or the tour’s, and is refused one the provider does not take', () => {
    const tour = testTour();
    const napoli = tour.events.find((event) => event.slug === 'napoli')! as { currency?: string };
    delete napoli.currency;
    expect(parseTour(tour).events.find((event) => event.slug === 'napoli')!.currency).toBe('RON');
    napoli.currency = 'ISK';
    expect(tourProblems(tour)).toEqual([
      'napoli: the currency must be an ISO 4217 code the payment provider takes, in capitals (RON, EUR)',
    ]);
  });
});

describe('each stop in its own currency, through the sandbox', () => {
  const ours = appsOnOwnDatabase(() => [{ catalogue: twoCurrencyTour() }]);
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    app = ours.app;
    cookie = await login(app.url);
  });

  it('shows each stop’s price in its currency on the site', async () => {
    const events = await request<{ slug: string; priceMinor: number; currency: string }[]>(
      app.url,
      'GET',
      '/api/events',
    );
    const price = (slug: string) => {
      const event = events.body.find((candidate) => candidate.slug === slug)!;
      return [event.priceMinor, event.currency];
    };
    expect(price('bucharest')).toEqual([3500, 'RON']);
    expect(price('napoli')).toEqual([3000, 'EUR']);
  });

  it.each([
    ['Napoli, in euros', IN_NAPOLI, 3000, 'eur', '30\u00a0EUR'],
    ['Bucharest, in lei', {}, 3500, 'ron', '35\u00a0RON'],
  ])(
    '%s: paid and refunded in the stop’s currency, with the provider’s ids',
    async (_, where, amount, currency, shown) => {
      const registered = await registerVisitor(app.url, { ...where, locale: 'it' });
      expect(registered.status).toBe(200);
      const id = registered.registrationId;
      const opened = await dataOf(app, id, 'CheckoutSessionOpened');
      expect(opened).toMatchObject({ amountMinor: amount, currency: currency.toUpperCase() });
      const page = await fetch(registered.url!);
      expect(await page.text()).toContain(shown);
      expect((await payInSandbox(registered.url!)).status).toBe(303);

      const paid = await dataOf(app, id, 'PaymentConfirmed');
      const intent = paid.paymentIntentId as string;
      expect(intent).toMatch(/^pi_sandbox_/);
      const suffix = intent.replace('pi_sandbox_', '');
      expect(paid).toMatchObject({
        amountMinor: amount,
        currency,
        chargeId: `ch_sandbox_${suffix}`,
        balanceTransactionId: `txn_sandbox_${suffix}`,
        feeMinor: Math.round((amount * 15) / 1000),
        feeCurrency: currency,
      });
      // The confirmation says what was paid, in the visitor's language.
      const [confirmation] = await app.dataSource.query(
        `SELECT payload FROM outbox WHERE registration_id = $1 AND kind = 'payment-confirmed'`,
        [id],
      );
      expect(confirmation.payload).toMatchObject({ amountMinor: amount, currency });

      const deleted = await adminRequest(
        app.url,
        cookie,
        'DELETE',
        `/api/registrations/${id}?refund=true`,
      );
      expect(deleted.status).toBe(204);
      expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
      expect(await dataOf(app, id, 'RefundRequested')).toMatchObject({
        paymentIntentId: intent,
        amountMinor: amount,
        currency,
        chargeId: `ch_sandbox_${suffix}`,
      });
      expect(await dataOf(app, id, 'PaymentRefunded')).toMatchObject({
        paymentIntentId: intent,
        amountMinor: amount,
        currency,
        refundId: `re_sandbox_${suffix}`,
        chargeId: `ch_sandbox_${suffix}`,
        balanceTransactionId: `txn_sandbox_re_${suffix}`,
      });
    },
  );

  it('a new price or currency applies to payment pages opened after it; a hold pays what its page asks', async () => {
    const before = await registerVisitor(app.url, IN_NAPOLI);
    const changed = await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/napoli', {
      priceMinor: 4500,
      currency: 'CHF',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ priceMinor: 4500, currency: 'CHF' });
    const [edited] = (
      await storedEvents(app.dataSource, 'tour-event-napoli', 'EventDetailsEdited')
    ).slice(-1);
    expect(edited.data).toEqual({ slug: 'napoli', priceMinor: 4500, currency: 'CHF' });

    // The hold made at 30 EUR pays 30 EUR and takes its seat.
    expect((await payInSandbox(before.url!)).status).toBe(303);
    expect(await dataOf(app, before.registrationId, 'PaymentConfirmed')).toMatchObject({
      amountMinor: 3000,
      currency: 'eur',
      seat: 'held',
    });
    // A new one is asked 45 CHF.
    const after = await registerVisitor(app.url, IN_NAPOLI);
    expect(await dataOf(app, after.registrationId, 'CheckoutSessionOpened')).toMatchObject({
      amountMinor: 4500,
      currency: 'CHF',
    });
    expect(await (await fetch(after.url!)).text()).toContain('45\u00a0CHF');
    await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/napoli', {
      priceMinor: 3000,
      currency: 'EUR',
    });
  });

  it('refuses a currency the provider does not take, with its code, on its field', async () => {
    for (const currency of ['XYZ', 'eur', 'ISK']) {
      const refused = await adminRequest(
        app.url,
        cookie,
        'PATCH',
        '/api/admin/tour/events/napoli',
        {
          currency,
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'currency-not-accepted',
        errors: [{ field: 'currency', code: 'currency-not-accepted' }],
      });
    }
    const announced = await adminRequest(app.url, cookie, 'POST', '/api/admin/tour/events', {
      slug: 'tokyo',
      city: 'Tokyo',
      venue: 'Tokyo',
      date: '2031-03-12',
      timeZone: 'Asia/Tokyo',
      priceMinor: 3500,
      currency: 'TWD',
    });
    expect(announced.body).toMatchObject({ code: 'currency-not-accepted' });
    // Without a currency, an event is announced in the tour's.
    const cluj = await adminRequest(app.url, cookie, 'POST', '/api/admin/tour/events', {
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2031-03-12',
      timeZone: 'Europe/Bucharest',
      priceMinor: 4000,
    });
    expect(cluj.status).toBe(201);
    expect(cluj.body).toMatchObject({ priceMinor: 4000, currency: 'RON' });
    const yen = await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/cluj', {
      priceMinor: 3500,
      currency: 'JPY',
    });
    expect(yen.body).toMatchObject({ priceMinor: 3500, currency: 'JPY' });
  });

  it('folds an event announced before events named their currency in the tour’s, and the rebuild equals live', async () => {
    // An EventAnnounced as it was recorded before events carried a currency.
    await app.dataSource.query(
      `INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
       VALUES ('tour-event-lecce', 1, 'EventAnnounced', 1, $1, '{"actor":"admin"}')`,
      [
        {
          slug: 'lecce',
          city: 'Lecce',
          venue: 'Lecce',
          localised: {},
          date: '2031-05-02',
          timeZone: 'Europe/Rome',
          priceMinor: 3500,
          status: 'coming-soon',
          automaticOffers: true,
        },
      ],
    );
    await rebuildProjections(app.dataSource, LiveTour.load());
    const [lecce] = await app.dataSource.query(
      `SELECT currency FROM tour_event_view WHERE slug = 'lecce'`,
    );
    expect(lecce.currency).toBe('RON');
    // A change of that event folds its stream with the tour's currency, as the rebuild does.
    const changed = await adminRequest(app.url, cookie, 'PATCH', '/api/admin/tour/events/lecce', {
      priceMinor: 2500,
    });
    expect(changed.body).toMatchObject({ priceMinor: 2500, currency: 'RON' });
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});

describe('each stop in its own currency, through Stripe', () => {
  const stripe = new StripeStandIn();
  beforeAll(async () => {
    await stripe.start();
  });
  const ours = appsOnOwnDatabase(() => [
    { env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url }, catalogue: twoCurrencyTour() },
  ]);
  afterAll(async () => {
    await stripe.stop();
  });
  let app: TestApp;

  beforeAll(() => {
    app = ours.app;
  });

  beforeEach(() => {
    stripe.reset();
    answerSessionCreation(stripe);
    let count = 0;
    stripe.on((received) => {
      if (received.method !== 'POST' || received.path !== '/v1/refunds') return undefined;
      count += 1;
      return {
        status: 200,
        body: {
          id: `re_test_${count}`,
          object: 'refund',
          status: 'succeeded',
          charge: `ch_${received.form.payment_intent}`,
          balance_transaction: `txn_re_test_${count}`,
        },
      };
    });
  });

  function paid(session: { id: string; registrationId: string }, amount: number, currency: string) {
    const event = sessionEvent('checkout.session.completed', session);
    Object.assign((event.data as { object: Data }).object, { amount_total: amount, currency });
    return event;
  }

  it('opens the page in the stop’s currency, records the payment with its charge, balance and fee', async () => {
    const registered = await registerVisitor(app.url, IN_NAPOLI);
    const created = stripe.requests.find((received) => received.path === '/v1/checkout/sessions')!;
    expect(created.form).toMatchObject({
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '3000',
    });
    const id = registered.registrationId;
    const session = { id: await sessionOf(app, id), registrationId: id };
    expect((await deliver(app.url, paid(session, 3000, 'eur'))).body.outcome).toBe('confirmed');
    const intent = `pi_${session.id}`;
    expect(await dataOf(app, id, 'PaymentConfirmed')).toMatchObject({
      paymentIntentId: intent,
      amountMinor: 3000,
      currency: 'eur',
      chargeId: `ch_${intent}`,
      balanceTransactionId: `txn_${intent}`,
      feeMinor: STAND_IN_FEE.fee,
      feeCurrency: STAND_IN_FEE.currency,
    });
    const asked = stripe.requests.find(
      (received) => received.path === `/v1/payment_intents/${intent}`,
    )!;
    expect(asked.query).toMatchObject({ 'expand[0]': 'latest_charge.balance_transaction' });

    // Refunded from Stripe's dashboard: the refund's ids are asked of Stripe.
    const refunded = chargeRefundedEvent(id, intent);
    Object.assign((refunded.data as { object: Data }).object, {
      amount_refunded: 3000,
      currency: 'eur',
    });
    expect((await deliver(app.url, refunded)).body.outcome).toBe('refunded');
    expect(await dataOf(app, id, 'PaymentRefunded')).toMatchObject({
      amountMinor: 3000,
      currency: 'eur',
      refundId: `re_${intent}`,
      chargeId: `ch_${intent}`,
      balanceTransactionId: `txn_re_${intent}`,
    });
  });

  it('refunds a payment in another currency than the stop’s, as a wrong amount', async () => {
    const registered = await registerVisitor(app.url, IN_NAPOLI);
    const id = registered.registrationId;
    const session = { id: await sessionOf(app, id), registrationId: id };
    // 30 RON for a 30 EUR seat.
    expect((await deliver(app.url, paid(session, 3000, 'ron'))).body.outcome).toBe(
      'refund-requested',
    );
    const intent = `pi_${session.id}`;
    expect(await dataOf(app, id, 'RefundRequested')).toMatchObject({
      reason: 'amount-mismatch',
      amountMinor: 3000,
      currency: 'ron',
      expectedAmountMinor: 3000,
      expectedCurrency: 'EUR',
      chargeId: `ch_${intent}`,
    });
    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
    expect(await dataOf(app, id, 'PaymentRefunded')).toMatchObject({
      amountMinor: 3000,
      currency: 'ron',
      refundId: 're_test_1',
      chargeId: `ch_${intent}`,
      balanceTransactionId: 'txn_re_test_1',
    });
    expect((await eventsOf(app, id)).map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'RefundRequested',
      'CheckoutExpired',
      'PaymentRefunded',
    ]);
  });

  it('a Bucharest seat is paid in lei, and the rebuild equals live', async () => {
    const registered = await registerVisitor(app.url);
    const id = registered.registrationId;
    const session = { id: await sessionOf(app, id), registrationId: id };
    expect((await deliver(app.url, paid(session, 3500, 'ron'))).body.outcome).toBe('confirmed');
    expect(await dataOf(app, id, 'PaymentConfirmed')).toMatchObject({
      amountMinor: 3500,
      currency: 'ron',
      chargeId: `ch_pi_${session.id}`,
    });
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
