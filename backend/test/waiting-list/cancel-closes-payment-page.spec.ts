import { signLinkToken } from '../../src/notifications/visitor-links';
import { PaymentGateway } from '../../src/payments/payment-gateway';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { adminRequest, login, register } from '../admin/admin-client';
import { request, payInSandbox } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { catalogueWithSeats } from '../test-tour';
import { storedEvents } from '../read-models';

const SECRET = 'test-cancellation-token-secret';

/**
 * An operator cancels a seat held or offered unpaid: its payment page is closed with the
 * provider (here the sandbox) before the seat goes back, so it can no longer be paid.
 */
describe('cancelling an unpaid seat closes its payment page (sandbox)', () => {
  let app: TestApp;
  /** A second app process on the same database. */
  let other: TestApp;
  let cookie: string;

  const ours = appsOnOwnDatabase([
    { env: { CANCELLATION_TOKEN_SECRET: SECRET }, catalogue: catalogueWithSeats(1) },
    { env: { CANCELLATION_TOKEN_SECRET: SECRET }, catalogue: catalogueWithSeats(1) },
  ]);

  beforeAll(async () => {
    [app, other] = ours.apps;
    cookie = await login(app.url);
  });

  async function view(id: string): Promise<{ status: string; checkout_session_id: string }> {
    const [row] = await app.dataSource.query(
      'SELECT status, checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    return row;
  }

  async function pageStatus(sessionId: string): Promise<string> {
    const [row] = await app.dataSource.query(
      'SELECT status FROM sandbox_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    return row.status;
  }

  /** Pays the sandbox's page as its card form does; answers the HTTP status. */
  async function payPage(sessionId: string): Promise<number> {
    const response = await payInSandbox(`${app.url}/sandbox/checkout/${sessionId}`);
    return response.status;
  }

  async function cancel(id: string): Promise<number> {
    const response = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      { refund: false },
    );
    return response.status;
  }

  async function eventTypes(id: string): Promise<string[]> {
    const rows: { type: string }[] = await storedEvents(app.dataSource, `registration-${id}`);
    return rows.map((row) => row.type);
  }

  let waiting: string;

  it('closes the payment page of a held seat, which can then not be paid', async () => {
    const held = (await register(app.url, { email: 'held@example.com' })).id;
    waiting = (await register(app.url, { email: 'waiting@example.com' })).id;
    const { status, checkout_session_id: sessionId } = await view(held);
    expect(status).toBe('held');
    expect(await pageStatus(sessionId)).toBe('open');

    expect(await cancel(held)).toBe(200);
    expect(await pageStatus(sessionId)).toBe('expired');
    expect(await payPage(sessionId)).toBe(410);
    expect((await view(held)).status).toBe('cancelled');
    expect(await eventTypes(held)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'RegistrationCancelled',
    ]);
  });

  it("closes the payment page opened from an offer's link, which can then not be paid", async () => {
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);
    expect((await view(waiting)).status).toBe('offered');
    const token = signLinkToken(SECRET, 'offer', waiting);
    const checkout = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/offer/checkout',
      { token },
    );
    expect(checkout.status).toBe(200);
    const sessionId = (await view(waiting)).checkout_session_id;
    expect(checkout.body.url).toContain(sessionId);
    expect(await pageStatus(sessionId)).toBe('open');

    expect(await cancel(waiting)).toBe(200);
    expect(await pageStatus(sessionId)).toBe('expired');
    expect(await payPage(sessionId)).toBe(410);
    expect((await view(waiting)).status).toBe('cancelled');
    expect(await eventTypes(waiting)).not.toContain('PaymentConfirmed');
  });

  it('closes a page opened for an offer that ended meanwhile, which nobody then holds', async () => {
    const held = (await register(app.url, { email: 'held-2@example.com' })).id;
    const next = (await register(app.url, { email: 'waiting-2@example.com' })).id;
    expect(await cancel(held)).toBe(200);
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);
    expect((await view(next)).status).toBe('offered');

    // The operator cancels the offer while the provider is opening its page.
    const gateway = app.app.get(PaymentGateway);
    const opened: string[] = [];
    const open = gateway.createCheckoutSession.bind(gateway);
    const spy = jest
      .spyOn(gateway, 'createCheckoutSession')
      .mockImplementation(async (checkoutRequest) => {
        const session = await open(checkoutRequest);
        opened.push(session.sessionId);
        expect(await cancel(next)).toBe(200);
        return session;
      });
    try {
      const token = signLinkToken(SECRET, 'offer', next);
      const checkout = await request(app.url, 'POST', '/api/registrations/offer/checkout', {
        token,
      });
      expect(checkout.status).toBe(409);
    } finally {
      spy.mockRestore();
    }
    expect(opened).toHaveLength(1);
    expect(await pageStatus(opened[0])).toBe('expired');
    expect(await payPage(opened[0])).toBe(410);
    expect((await view(next)).status).toBe('cancelled');
  });

  it('opens one payment page for an offer clicked ten times at once in two processes, and cancelling closes it', async () => {
    const held = (await register(app.url, { email: 'held-3@example.com' })).id;
    const next = (await register(app.url, { email: 'waiting-3@example.com' })).id;
    expect(await cancel(held)).toBe(200);
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);
    expect((await view(next)).status).toBe('offered');

    const token = signLinkToken(SECRET, 'offer', next);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        request<{ url: string }>(
          (index % 2 ? other : app).url,
          'POST',
          '/api/registrations/offer/checkout',
          { token },
        ),
      ),
    );
    expect(clicks.map((click) => click.status)).toEqual(Array(10).fill(200));
    const urls = new Set(clicks.map((click) => click.body.url));
    expect(urls.size).toBe(1);
    const sessionId = (await view(next)).checkout_session_id;
    expect([...urls][0]).toContain(sessionId);
    expect(
      (await eventTypes(next)).filter((type) => type === 'CheckoutSessionOpened'),
    ).toHaveLength(1);
    // Every page the provider opened for the clicks but the offer's own is closed already.
    const pages: { id: string; status: string }[] = await app.dataSource.query(
      'SELECT id, status FROM sandbox_checkout_sessions WHERE registration_id = $1',
      [next],
    );
    expect(pages.filter((page) => page.status === 'open').map((page) => page.id)).toEqual([
      sessionId,
    ]);
    // A later click answers the same page.
    const again = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/offer/checkout',
      { token },
    );
    expect(again.body.url).toBe([...urls][0]);

    expect(await cancel(next)).toBe(200);
    for (const page of pages) {
      expect(await pageStatus(page.id)).toBe('expired');
      expect(await payPage(page.id)).toBe(410);
    }
    expect(await eventTypes(next)).not.toContain('PaymentConfirmed');
  });
  it("keeps the offer's page when the provider answers racing clicks with that same page (Stripe's idempotency key)", async () => {
    const held = (await register(app.url, { email: 'held-4@example.com' })).id;
    const next = (await register(app.url, { email: 'waiting-4@example.com' })).id;
    expect(await cancel(held)).toBe(200);
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);

    // As Stripe does for one idempotency key: every call for the registration gets one session.
    const gateway = app.app.get(PaymentGateway);
    const open = gateway.createCheckoutSession.bind(gateway);
    let first: ReturnType<typeof open> | undefined;
    const spy = jest
      .spyOn(gateway, 'createCheckoutSession')
      .mockImplementation(async (checkoutRequest) => {
        first ??= open(checkoutRequest);
        // Every click asks before any records its page, as clicks racing in a rush do.
        const deadline = Date.now() + 5_000;
        while (spy.mock.calls.length < 5 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return first;
      });
    try {
      const token = signLinkToken(SECRET, 'offer', next);
      const clicks = await Promise.all(
        Array.from({ length: 5 }, () =>
          request<{ url: string }>(app.url, 'POST', '/api/registrations/offer/checkout', {
            token,
          }),
        ),
      );
      expect(clicks.map((click) => click.status)).toEqual(Array(5).fill(200));
      expect(new Set(clicks.map((click) => click.body.url)).size).toBe(1);
      expect(spy.mock.calls.length).toBe(5);
    } finally {
      spy.mockRestore();
    }
    const sessionId = (await view(next)).checkout_session_id;
    expect(await pageStatus(sessionId)).toBe('open');
  });
});
