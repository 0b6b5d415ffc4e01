import { LiveTour } from '../../src/tour/live-tour';
import type { OutgoingMail } from '../../src/notifications/mail-transport';
import { MESSAGE_TEXTS } from '../../src/notifications/messages/message-texts';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { HoldSweeper } from '../../src/checkout/hold-sweeper';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { adminRequest, login, register } from '../admin/admin-client';
import { OPEN_SLOT, request, payInSandbox } from '../http';
import { checkInvariants } from '../reliability/support';
import { appsOnOwnDatabase, type TestApp, type TestAppOptions } from '../test-app';
import { testTour } from '../test-tour';
import { RecordingTransport } from '../notifications/recording-transport';
import { type StoredEventRow, storedEvents } from '../read-models';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

const SECRET = 'test-cancellation-token-secret';
const HOUR_MS = 3_600_000;

function oneSeat(): LiveTour {
  const tour = testTour();
  for (const event of tour.events) {
    for (const slot of event.slots) if (slot.time === OPEN_SLOT) slot.capacity = 1;
  }
  return new LiveTour(tour);
}

function tokenOf(mail: OutgoingMail | undefined, page: 'cancel' | 'offer'): string {
  const found = mail?.text.match(
    new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+\\.[A-Za-z0-9_%-]+)`),
  );
  if (!found) throw new Error(`no /${page} link in: ${mail?.text}`);
  return decodeURIComponent(found[1]);
}

describe('cancellations and waiting-list offers', () => {
  let apps: TestApp[];
  let app: TestApp;
  let lateApp: TestApp;
  let cookie: string;
  const transport = new RecordingTransport();
  const catalogue = oneSeat();

  const ours = appsOnOwnDatabase((): TestAppOptions[] => {
    // The same registrations, seen by a process whose cancellation closes earlier than the
    // slot's start is away: too late to cancel from the email there.
    const startsAt = catalogue.startOf('bucharest', OPEN_SLOT)!;
    const hoursAway = Math.ceil((startsAt.getTime() - Date.now()) / HOUR_MS);
    return [
      { env: { CANCELLATION_TOKEN_SECRET: SECRET }, catalogue },
      { env: { CANCELLATION_TOKEN_SECRET: SECRET }, catalogue },
      {
        env: {
          CANCELLATION_TOKEN_SECRET: SECRET,
          CANCELLATION_CLOSES_HOURS_BEFORE: String(hoursAway + 1),
        },
      },
    ];
  });

  beforeAll(async () => {
    apps = ours.apps.slice(0, 2);
    [app] = apps;
    lateApp = ours.apps[2];
    cookie = await login(app.url);
  });

  async function sendMail(): Promise<void> {
    const worker = new OutboxWorker(
      app.dataSource,
      app.config,
      catalogue,
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
    while ((await worker.runOnce()).sent > 0);
  }

  function mailTo(email: string, subject: RegExp): OutgoingMail | undefined {
    return transport.sent
      .filter((mail) => mail.to.address === email && subject.test(mail.subject))
      .at(-1);
  }

  async function pay(id: string): Promise<void> {
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    const response = await payInSandbox(`${app.url}/sandbox/checkout/${session}`);
    expect(response.status).toBe(303);
  }

  async function status(id: string): Promise<string | undefined> {
    const [row] = await app.dataSource.query('SELECT status FROM registration_view WHERE id = $1', [
      id,
    ]);
    return row?.status;
  }

  function events(id: string): Promise<StoredEventRow[]> {
    return storedEvents(app.dataSource, `registration-${id}`);
  }

  async function capacity(): Promise<{
    registered: number;
    waitingList: number;
    available: number;
  }> {
    const response = await request<Record<string, Record<string, never>>>(
      app.url,
      'GET',
      '/api/capacity',
    );
    return response.body.bucharest[OPEN_SLOT];
  }

  const offers = (on: TestApp = app, now?: Date) => on.app.get(WaitingListOfferWorker).runOnce(now);

  let first: string;
  let second: string;

  it('cancels a paid seat from the console with its refund, through the outbox to the provider', async () => {
    first = (await register(app.url, { email: 'first@example.com', locale: 'it' })).id;
    await pay(first);
    expect(await status(first)).toBe('paid');
    const waiting = await register(app.url, { email: 'second@example.com', locale: 'ro' });
    expect(waiting.waitingList).toBe(true);
    second = waiting.id;

    const bad = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${first}/cancel`,
      {
        refund: 'yes',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: expect.any(String) });

    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${first}/cancel`,
      { refund: true },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: first, status: 'cancelled', paid: true });
    expect(await capacity()).toMatchObject({ registered: 0, waitingList: 1 });

    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
    const recorded = await events(first);
    const types = recorded.map((event) => event.type);
    expect(types.slice(-3)).toEqual([
      'RegistrationCancelled',
      'RefundRequested',
      'PaymentRefunded',
    ]);
    const cancellation = recorded.find((event) => event.type === 'RegistrationCancelled')!;
    expect(cancellation.data).toMatchObject({ by: 'operator', refund: true });
    expect(cancellation.metadata).toMatchObject({ actor: 'admin' });
    expect(recorded.find((event) => event.type === 'RefundRequested')!.data).toMatchObject({
      reason: 'cancelled-by-operator',
    });
    const [{ refunded_at: refundedAt }] = await app.dataSource.query(
      `SELECT refunded_at FROM sandbox_checkout_sessions WHERE registration_id = $1 AND status = 'complete'`,
      [first],
    );
    expect(refundedAt).not.toBeNull();
    expect(await status(first)).toBe('cancelled');

    await sendMail();
    const notice = mailTo('first@example.com', /annullata/);
    expect(notice?.text).toContain('rimborsiamo');

    const again = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${first}/cancel`,
      {
        refund: true,
      },
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: 'already-cancelled',
      message: 'This registration is already cancelled.',
      errors: [],
    });
  });

  it('offers the freed seat to the next person waiting, once, whichever process looks', async () => {
    const results = await Promise.all([offers(apps[0]), offers(apps[1]), offers(apps[0])]);
    expect(results.reduce((sum, result) => sum + result.offered, 0)).toBe(1);
    expect(await status(second)).toBe('offered');
    expect(await capacity()).toMatchObject({ registered: 1, waitingList: 0, available: 0 });
    const [{ hold_expires_at: until }] = await app.dataSource.query(
      'SELECT hold_expires_at FROM registration_view WHERE id = $1',
      [second],
    );
    const hours = (new Date(until).getTime() - Date.now()) / HOUR_MS;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    expect((await offers()).offered).toBe(0);
  });

  it('takes the offered seat when its link is paid', async () => {
    await sendMail();
    const offer = mailTo('second@example.com', /Un loc este al tău/);
    const token = tokenOf(offer, 'offer');
    const booking = await request(
      app.url,
      'GET',
      `/api/registrations/offer/booking?token=${encodeURIComponent(token)}`,
    );
    expect(booking.body).toMatchObject({
      status: 'offered',
      time: OPEN_SLOT,
      offerExpiresAt: expect.any(String),
    });

    const checkout = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/offer/checkout',
      {
        token,
      },
    );
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toContain('/sandbox/checkout/');
    // The same link again resumes the same payment page.
    const resumed = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/offer/checkout',
      {
        token,
      },
    );
    expect(resumed.body.url).toBe(checkout.body.url);

    await pay(second);
    expect(await status(second)).toBe('paid');
    const accepted = (await events(second)).find((event) => event.type === 'PaymentConfirmed');
    expect(accepted?.data).toMatchObject({ seat: 'offered' });
    const used = await request(app.url, 'POST', '/api/registrations/offer/checkout', { token });
    expect(used.status).toBe(409);
  });

  it("cancels from the confirmation email's link, which refuses when altered, expired, used or too late", async () => {
    await sendMail();
    const confirmation = mailTo('second@example.com', /confirmat/);
    const token = tokenOf(confirmation, 'cancel');
    // She paid: cancelling refunds her, and the email says so (in her language).
    const paidSentence = MESSAGE_TEXTS.ro.cancellationLink;
    expect(confirmation?.text).toContain(paidSentence.slice(0, paidSentence.indexOf('{')));
    expect(token).not.toContain(second);

    const booking = await request(
      app.url,
      'GET',
      `/api/registrations/cancel/booking?token=${encodeURIComponent(token)}`,
    );
    expect(booking.status).toBe(200);
    expect(booking.body).toMatchObject({
      cancellationOpen: true,
      status: 'paid',
      time: OPEN_SLOT,
      name: expect.any(String),
    });

    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    for (const bad of [tampered, 'not-a-token', second]) {
      const refused = await request(app.url, 'POST', '/api/registrations/cancel', { token: bad });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        statusCode: 400,
        code: 'link-invalid',
        message: 'This link is not valid: please use the link from your email as it was sent.',
        errors: expect.any(Array),
      });
    }
    const missing = await request(app.url, 'POST', '/api/registrations/cancel', {});
    expect(missing.status).toBe(400);
    // The link ends when its slot starts.
    await expect(
      app.app
        .get(VisitorLinks)
        .registrationOf(
          'cancel',
          token,
          new Date(catalogue.startOf('bucharest', OPEN_SLOT)!.getTime() + 1),
        ),
    ).rejects.toThrow('This link has expired.');
    // An offer's link does not cancel.
    const offerToken = tokenOf(mailTo('second@example.com', /Un loc este al tău/), 'offer');
    expect(
      (await request(app.url, 'POST', '/api/registrations/cancel', { token: offerToken })).status,
    ).toBe(400);

    const lateBooking = await request(
      lateApp.url,
      'GET',
      `/api/registrations/cancel/booking?token=${encodeURIComponent(token)}`,
    );
    expect(lateBooking.body).toMatchObject({ status: 'paid', cancellationOpen: false });
    const late = await request(lateApp.url, 'POST', '/api/registrations/cancel', { token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      statusCode: 409,
      code: 'cancellation-closed',
      message: expect.stringMatching(/has closed/),
    });
    expect(await status(second)).toBe('paid');

    const done = await request(app.url, 'POST', '/api/registrations/cancel', { token });
    expect(done.status).toBe(204);
    expect(await status(second)).toBe('cancelled');
    const recorded = await events(second);
    expect(recorded.find((event) => event.type === 'RegistrationCancelled')).toMatchObject({
      data: { by: 'visitor', refund: true },
      metadata: { actor: 'visitor' },
    });
    expect(recorded.find((event) => event.type === 'RefundRequested')?.data).toMatchObject({
      reason: 'cancelled-by-visitor',
    });
    expect(await capacity()).toMatchObject({ registered: 0, available: 1 });

    const used = await request(app.url, 'POST', '/api/registrations/cancel', { token });
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ message: 'This booking is already cancelled.' });
    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
    await sendMail();
    expect(mailTo('second@example.com', /anulată/)?.text).toContain('rambursăm');
  });

  it('lets an unpaid offer lapse and passes it to the next person waiting', async () => {
    const taker = await register(app.url, { email: 'third@example.com' });
    expect(taker.waitingList).toBe(false);
    const fourth = (await register(app.url, { email: 'fourth@example.com' })).id;
    const fifth = (await register(app.url, { email: 'fifth@example.com' })).id;
    await adminRequest(app.url, cookie, 'POST', `/api/admin/registrations/${taker.id}/cancel`, {
      refund: false,
    });
    expect((await offers()).offered).toBe(1);
    expect(await status(fourth)).toBe('offered');
    expect(await status(fifth)).toBe('waiting');
    await sendMail();
    const fourthLink = tokenOf(mailTo('fourth@example.com', /A seat is offered to you/), 'offer');

    // Nothing lapses before its time; 13 hours later the sweeper ends the offer.
    expect((await app.app.get(HoldSweeper).runOnce()).released).toBe(0);
    const later = new Date(Date.now() + 13 * HOUR_MS);
    expect((await app.app.get(HoldSweeper).runOnce(later)).released).toBe(1);
    expect(await status(fourth)).toBe('released');
    expect((await events(fourth)).map((event) => event.type)).toContain('WaitingListOfferLapsed');
    expect((await offers()).offered).toBe(1);
    expect(await status(fifth)).toBe('offered');
    // The lapsed offer's link still opens its page, which says so; it can no longer be paid.
    const lapsed = await request(
      app.url,
      'GET',
      `/api/registrations/offer/booking?token=${encodeURIComponent(fourthLink)}`,
    );
    expect(lapsed.status).toBe(200);
    // It lasts until the slot starts, not only as long as the offer.
    expect(await app.app.get(VisitorLinks).registrationOf('offer', fourthLink, later)).toBe(fourth);
    expect(lapsed.body).toMatchObject({ status: 'released', offerExpiresAt: null });
    const unpaid = await request(app.url, 'POST', '/api/registrations/offer/checkout', {
      token: fourthLink,
    });
    expect(unpaid.status).toBe(409);
    // The Command Center's list shows who holds an offer, and until when.
    const list = await adminRequest<{ registrations: { id: string; holdExpiresAt: string }[] }>(
      app.url,
      cookie,
      'GET',
      '/api/admin/registrations?status=offered',
    );
    expect(list.body.registrations).toEqual([
      expect.objectContaining({ id: fifth, status: 'offered', holdExpiresAt: expect.any(String) }),
    ]);
    const cancelledList = await adminRequest<{ registrations: { id: string }[] }>(
      app.url,
      cookie,
      'GET',
      '/api/admin/registrations?status=cancelled',
    );
    expect(cancelledList.body.registrations.map((row) => row.id).sort()).toEqual(
      [first, second, taker.id].sort(),
    );
    // Every step was an event: the read models equal a rebuild from the log, and the money adds up.
    await checkInvariants(app.dataSource, catalogue, { settled: true });
  });

  it("offers a seat that a raised capacity adds (the Tour page's command)", async () => {
    const sixth = (await register(app.url, { email: 'sixth@example.com' })).id;
    expect(await status(sixth)).toBe('waiting');
    // The operator raises the slot's capacity from the Tour page's command.
    const raised = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`,
      { capacity: 2 },
    );
    expect(raised.status).toBe(200);
    expect((await offers()).offered).toBe(1);
    expect(await status(sixth)).toBe('offered');
    expect(await capacity()).toMatchObject({ registered: 2, waitingList: 0, available: 0 });
    await checkInvariants(app.dataSource, catalogue, { settled: true });
  });

  it('makes no offer for an event whose automatic offers are switched off; Confirm still works', async () => {
    const seventh = (await register(app.url, { email: 'seventh@example.com' })).id;
    expect(await status(seventh)).toBe('waiting');
    const switched = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      '/api/admin/tour/events/bucharest',
      {
        automaticOffers: false,
      },
    );
    expect(switched.status).toBe(200);
    // Every process learns of the change (tour_changed); this one at once or nearly.
    const deadline = Date.now() + 5_000;
    while (app.app.get(LiveTour).findEvent('bucharest')?.automaticOffers !== false) {
      if (Date.now() > deadline) throw new Error('the catalogue never switched offers off');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [{ id: holder }] = await app.dataSource.query(
      `SELECT id FROM registration_view WHERE status = 'offered' ORDER BY created_at LIMIT 1`,
    );
    await adminRequest(app.url, cookie, 'POST', `/api/admin/registrations/${holder}/cancel`, {
      refund: false,
    });
    expect((await offers()).offered).toBe(0);
    expect(await status(seventh)).toBe('waiting');
    const confirmed = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${seventh}/confirm`,
    );
    expect(confirmed.status).toBe(200);
    expect(await status(seventh)).toBe('confirmed');
    // Her email links to cancelling, and promises no refund: she paid nothing.
    await sendMail();
    const texts = MESSAGE_TEXTS.en;
    const mail = mailTo('seventh@example.com', /A place opened up for you/);
    expect(tokenOf(mail, 'cancel')).toEqual(expect.any(String));
    const opening = (template: string) => template.slice(0, template.indexOf('{cancelUntil}'));
    expect(mail?.text).toContain(opening(texts.cancellationLinkNothingPaid));
    expect(mail?.text).not.toContain(opening(texts.cancellationLink));
    expect(mail?.text).not.toMatch(/refund/i);
  });

  it('erases a cancelled registration like any other: its history keeps the facts, not the person', async () => {
    const history = () =>
      adminRequest<{ events: { type: string }[] }>(
        app.url,
        cookie,
        'GET',
        `/api/admin/registrations/${first}/history`,
      );
    expect(JSON.stringify((await history()).body)).toContain('first@example.com');
    const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${first}`);
    expect(deleted.status).toBe(204);
    const after = await history();
    expect(after.body.events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['RegistrationCancelled', 'PaymentRefunded', 'RegistrationDeleted']),
    );
    expect(JSON.stringify(after.body)).not.toContain('first@example.com');
  });
});
