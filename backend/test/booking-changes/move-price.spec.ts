import { HoldSweeper } from '../../src/checkout/hold-sweeper';
import { PaymentRecorder } from '../../src/checkout/payment-recorder';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';
import type { OutgoingMail } from '../../src/notifications/mail-transport';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { PaymentGateway, PaymentProviderError } from '../../src/payments/payment-gateway';
import { sandboxCompletedEvent } from '../../src/payments/sandbox/sandbox-checkout.http.controller';
import type { SandboxSessionRow } from '../../src/payments/sandbox/sandbox-payment-gateway';
import { LiveTour, parseTour } from '../../src/tour/live-tour';
import { adminRequest, login, register } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox, request } from '../http';
import { RecordingTransport } from '../notifications/recording-transport';
import { deliver } from '../payments/payment-fixtures';
import { storedEvents } from '../read-models';
import { checkInvariants } from '../reliability/support';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';
import { waitFor } from '../wait-for';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;

type Slot = { event: string; time: string };

/** Bucharest's open slot and another a day later, at 35 RON. */
const A = { event: 'bucharest', time: OPEN_SLOT };
const B = { event: 'bucharest', time: 'Oct 31 - 7:30pm' };
/** Milano, at Bucharest's price. */
const M = { event: 'milano', time: 'Milano evening' };
/** Napoli, dearer: 50 RON. */
const N = { event: 'napoli', time: 'Napoli evening' };
/** Matera, priced in another currency: 30 EUR. */
const E = { event: 'matera', time: 'Matera evening' };

/** The tests' tour with Bucharest's two slots, Milano (35 RON), Napoli (50 RON), Matera (30 EUR). */
function tourOfPrices(): LiveTour {
  const tour = testTour();
  const bucharest = tour.events.find((event) => event.slug === 'bucharest')!;
  const open = bucharest.slots.find((slot) => slot.time === OPEN_SLOT)!;
  const start = Date.parse(open.startsAt);
  open.capacity = 6;
  bucharest.slots.push({
    ...open,
    time: B.time,
    startsAt: new Date(start + DAY_MS).toISOString(),
    capacity: 6,
  });
  for (const [slot, days, price, currency] of [
    [M, 2, 3500, 'RON'],
    [N, 3, 5000, 'RON'],
    [E, 4, 3000, 'EUR'],
  ] as const) {
    const event = tour.events.find((candidate) => candidate.slug === slot.event)!;
    const startsAt = new Date(start + days * DAY_MS);
    Object.assign(event, {
      status: 'open',
      priceMinor: price,
      currency,
      date: startsAt.toISOString().slice(0, 10),
      slots: [{ ...open, time: slot.time, startsAt: startsAt.toISOString(), capacity: 6 }],
    });
  }
  return new LiveTour(parseTour(tour));
}

interface MoveAnswer {
  outcome: 'moved' | 'payment-due';
  difference: { amountMinor: number; currency: string; settled: string } | null;
  pendingMove: { event: string; time: string; amountMinor: number; currency: string } | null;
  checkout: { url: string; expiresAt: string } | null;
  code?: string;
}

describe('moving a booking to a slot of another price: the difference paid or refunded', () => {
  const catalogue = tourOfPrices();
  const transport = new RecordingTransport();
  let app: TestApp;
  let cookie: string;

  const ours = appsOnOwnDatabase(() => [{ catalogue }]);

  beforeAll(async () => {
    [app] = ours.apps;
    cookie = await login(app.url);
  });

  const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    adminRequest<T>(app.url, cookie, method, path, body);

  async function tokenOf(id: string): Promise<string> {
    const url = new URL(await app.app.get(VisitorLinks).url('move', id));
    return url.searchParams.get('token')!;
  }

  const moveFromEmail = async (id: string, to: Slot) =>
    request<MoveAnswer>(app.url, 'POST', '/api/registrations/move', {
      token: await tokenOf(id),
      ...to,
    });

  async function paidByCard(slot: Slot, email: string): Promise<string> {
    const { id } = await register(app.url, { ...slot, email });
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    expect((await payInSandbox(`${app.url}/sandbox/checkout/${session}`)).status).toBe(303);
    return id;
  }

  async function row(id: string) {
    const [found] = await app.dataSource.query(
      `SELECT event, time, status, paid, seat_number, net_paid_minor, net_paid_currency,
              move_event, move_time, move_amount_minor, move_session_id
         FROM registration_view WHERE id = $1`,
      [id],
    );
    return found as Record<string, unknown>;
  }

  async function seatsTaken(slot: Slot): Promise<number> {
    const [found] = await app.dataSource.query(
      'SELECT seats_taken FROM slot_capacity WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    return (found as { seats_taken: number }).seats_taken;
  }

  async function typesOf(id: string): Promise<string[]> {
    return (await storedEvents(app.dataSource, `registration-${id}`)).map((event) => event.type);
  }

  async function dataOf(id: string, type: string): Promise<Record<string, unknown>[]> {
    return (await storedEvents(app.dataSource, `registration-${id}`, type)).map((e) => e.data);
  }

  async function movementsOf(id: string) {
    return (await app.dataSource.query(
      `SELECT key, kind, amount_minor, currency, state, reason, event, time, receipt_number,
              reverses_receipt, payment_intent_id, refund_id
         FROM money_movements WHERE registration_id = $1 ORDER BY position`,
      [id],
    )) as {
      key: string;
      kind: string;
      amount_minor: number;
      state: string;
      reason: string | null;
      event: string;
      receipt_number: number | null;
      reverses_receipt: number | null;
      payment_intent_id: string;
      refund_id: string | null;
    }[];
  }

  async function sandboxRefunds(paymentIntentId: string) {
    return (await app.dataSource.query(
      `SELECT id, amount_minor, idempotency_key FROM sandbox_refunds
        WHERE payment_intent_id = $1 ORDER BY created_at, id`,
      [paymentIntentId],
    )) as { id: string; amount_minor: number; idempotency_key: string }[];
  }

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

  const mailTo = (email: string, subject: RegExp): OutgoingMail[] =>
    transport.sent.filter((mail) => mail.to.address === email && subject.test(mail.subject));

  async function ticketOf(id: string) {
    const found = (await row(id)) as { event: string; time: string; status: string };
    return (await app.app.get(TicketIssuer).ticketFor({ registrationId: id, ...found }))!.code;
  }

  const checkIn = (slot: Slot, ticket: string) =>
    admin<{ code?: string }>('POST', '/api/admin/check-ins', { ...slot, ticket });

  const refundAll = () => app.app.get(RefundWorker).runOnce();

  async function sessionRow(sessionId: string): Promise<SandboxSessionRow> {
    const [found] = await app.dataSource.query(
      'SELECT * FROM sandbox_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    return found as SandboxSessionRow;
  }

  /** The sandbox page closed with the provider (after COMMIT, by the process that released it). */
  const pageClosed = (sessionId: string) =>
    waitFor(
      async () => ((await sessionRow(sessionId)).status === 'expired' ? true : undefined),
      5000,
      `the page ${sessionId} closed`,
    );

  it('to a dearer stop: a seat is held there while the visitor pays the difference in the sandbox, then the booking moves into it; moving back refunds the difference', async () => {
    const id = await paidByCard(A, 'dearer@example.com');
    const oldTicket = await ticketOf(id);
    const [inA, inN] = [await seatsTaken(A), await seatsTaken(N)];

    const due = await moveFromEmail(id, N);
    expect(due.status).toBe(200);
    expect(due.body).toMatchObject({
      outcome: 'payment-due',
      difference: null,
      pendingMove: { ...N, amountMinor: 1500, currency: 'RON' },
      checkout: { url: expect.stringContaining('/sandbox/checkout/cs_sandbox_') },
    });
    // The booking stays where it is; a seat of Napoli is held for it.
    expect(await row(id)).toMatchObject({
      ...A,
      status: 'paid',
      net_paid_minor: 3500,
      move_event: N.event,
      move_amount_minor: 1500,
    });
    expect([await seatsTaken(A), await seatsTaken(N)]).toEqual([inA, inN + 1]);
    // The visitor's page says what waits, and what was paid.
    const booking = await request(
      app.url,
      'GET',
      `/api/registrations/move/booking?token=${encodeURIComponent(await tokenOf(id))}`,
    );
    expect(booking.body).toMatchObject({
      netPaid: { amountMinor: 3500, currency: 'RON' },
      pendingMove: { ...N, amountMinor: 1500, currency: 'RON' },
    });
    // Asked again for the same slot (or its page asked for), the same page.
    const again = await moveFromEmail(id, N);
    expect(again.body.checkout?.url).toBe(due.body.checkout?.url);
    const page = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/move/checkout',
      {
        token: await tokenOf(id),
      },
    );
    expect(page.body.url).toBe(due.body.checkout?.url);
    // The page names what is paid: the difference, for Napoli.
    const shown = await (await fetch(due.body.checkout!.url)).text();
    expect(shown).toContain('The difference of price');
    expect(shown).toContain('Napoli');
    expect(shown).toContain('15');

    expect((await payInSandbox(due.body.checkout!.url)).status).toBe(303);
    expect(await row(id)).toMatchObject({
      ...N,
      status: 'paid',
      seat_number: expect.any(Number),
      net_paid_minor: 5000,
      move_event: null,
    });
    expect([await seatsTaken(A), await seatsTaken(N)]).toEqual([inA - 1, inN + 1]);
    expect((await typesOf(id)).slice(-4)).toEqual([
      'CheckoutSessionOpened',
      'BookingMoved',
      'PriceDifferencePaid',
      'SeatNumbered',
    ]);
    const [moved] = (await dataOf(id, 'BookingMoved')).slice(-1);
    expect(moved).toMatchObject({
      ...N,
      by: 'visitor',
      difference: { amountMinor: 1500, currency: 'RON', settled: 'paid' },
    });

    // The webhook again, as the provider repeats it, and the same payment under another id.
    const sessionId = new URL(due.body.checkout!.url).pathname.split('/').at(-1)!;
    const paidRow = await sessionRow(sessionId);
    const secret = await app.app.get(PaymentGateway).webhookSecret();
    const event = sandboxCompletedEvent(paidRow, new Date());
    expect((await deliver(app.url, event, secret)).body).toMatchObject({ outcome: 'duplicate' });
    expect(
      (await deliver(app.url, { ...event, id: `${String(event.id)}_again` }, secret)).body,
    ).toMatchObject({ outcome: 'unchanged' });
    expect(await dataOf(id, 'PriceDifferencePaid')).toHaveLength(1);

    // The door: the old ticket no longer, the new one at Napoli's.
    expect((await checkIn(N, oldTicket)).body.code).toBe('ticket-wrong-slot');
    const newTicket = await ticketOf(id);
    expect(newTicket).not.toBe(oldTicket);
    // The new one names Napoli's slot: its door's list seats the person.
    expect(JSON.parse(Buffer.from(newTicket.split('.')[1], 'base64url').toString())).toMatchObject({
      e: N.event,
    });
    const door = await admin<{ seated: { name: string }[] }>(
      'GET',
      `/api/admin/tour/events/${N.event}/slots/${encodeURIComponent(N.time)}/door`,
    );
    expect(door.body.seated.length).toBeGreaterThan(0);

    // The accounts: the difference is a payment of its own, in Napoli, with its receipt.
    const differenceIntent = paidRow.payment_intent_id!;
    const afterPaying = await movementsOf(id);
    expect(
      afterPaying.map((movement) => [movement.kind, movement.amount_minor, movement.event]),
    ).toEqual([
      ['payment', 3500, 'bucharest'],
      ['payment', 1500, 'napoli'],
    ]);
    expect(afterPaying[1]).toMatchObject({
      payment_intent_id: differenceIntent,
      receipt_number: expect.any(Number),
    });
    await sendMail();
    expect(mailTo('dearer@example.com', /moved/).at(-1)?.text).toContain(
      'You paid the difference of 15',
    );
    expect(
      mailTo('dearer@example.com', /eceipt/).some((mail) =>
        mail.attachments?.some(
          (file) => file.filename === `receipt-${afterPaying[1].receipt_number}.pdf`,
        ),
      ),
    ).toBe(true);

    // Back to Bucharest: the difference comes back, from the payment that paid it.
    const back = await moveFromEmail(id, A);
    expect(back.body).toMatchObject({
      outcome: 'moved',
      difference: { amountMinor: 1500, currency: 'RON', settled: 'refunded' },
    });
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
    expect(await sandboxRefunds(differenceIntent)).toEqual([
      expect.objectContaining({
        amount_minor: 1500,
        idempotency_key: `refund-${differenceIntent}`,
      }),
    ]);
    expect(await row(id)).toMatchObject({ ...A, status: 'paid', net_paid_minor: 3500 });
    const refund = (await movementsOf(id)).find((movement) => movement.kind === 'refund');
    expect(refund).toMatchObject({
      amount_minor: 1500,
      state: 'refunded',
      reason: 'move-price-difference',
      receipt_number: expect.any(Number),
      reverses_receipt: afterPaying[1].receipt_number,
    });
    await sendMail();
    expect(mailTo('dearer@example.com', /moved/).at(-1)?.text).toContain(
      'refunding the difference of 15',
    );

    // Cancelled at last: the rest, and no more, goes back; total refunded = total paid.
    const cancelled = await request(app.url, 'POST', '/api/registrations/cancel', {
      token: new URL(await app.app.get(VisitorLinks).url('cancel', id)).searchParams.get('token'),
    });
    expect(cancelled.status).toBe(204);
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
    const final = await movementsOf(id);
    const total = (kind: string) =>
      final
        .filter((movement) => movement.kind === kind)
        .reduce((sum, m) => sum + m.amount_minor, 0);
    expect([total('payment'), total('refund')]).toEqual([5000, 5000]);
    expect(final.every((movement) => movement.receipt_number !== null)).toBe(true);
  });

  it('to a cheaper stop: moves at once and refunds part of the payment; a later cancellation refunds only the rest, each refund its own at the provider and in the accounts', async () => {
    const id = await paidByCard(N, 'cheaper@example.com');
    const [{ payment_intent_id: intent }] = await movementsOf(id);
    const answer = await moveFromEmail(id, M);
    expect(answer.body).toMatchObject({
      outcome: 'moved',
      difference: { amountMinor: 1500, currency: 'RON', settled: 'refunded' },
    });
    expect(await row(id)).toMatchObject({ ...M, status: 'paid', net_paid_minor: 3500 });
    const [order] = await app.dataSource.query(
      `SELECT payload FROM outbox WHERE kind = 'payment-refund' AND registration_id = $1`,
      [id],
    );
    expect(order.payload).toMatchObject({ amountMinor: 1500, idempotencyKey: `refund-${intent}` });
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
    // Confirmed, the part given back leaves the seat paid.
    expect(await row(id)).toMatchObject({ status: 'paid', paid: true });

    expect(
      (await admin('POST', `/api/admin/registrations/${id}/cancel`, { refund: true })).status,
    ).toBe(200);
    const orders = (await app.dataSource.query(
      `SELECT payload FROM outbox WHERE kind = 'payment-refund' AND registration_id = $1
        ORDER BY id`,
      [id],
    )) as { payload: { amountMinor: number; idempotencyKey: string; part?: number } }[];
    expect(orders.map((item) => item.payload)).toEqual([
      expect.objectContaining({ amountMinor: 1500, idempotencyKey: `refund-${intent}` }),
      expect.objectContaining({
        amountMinor: 3500,
        idempotencyKey: `refund-${intent}-2`,
        part: 2,
      }),
    ]);
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
    expect(await refundAll()).toEqual({ refunded: 0, failed: 0 });
    const atProvider = await sandboxRefunds(intent);
    expect(atProvider.map((item) => item.amount_minor)).toEqual([1500, 3500]);
    expect(new Set(atProvider.map((item) => item.id)).size).toBe(2);
    const refunds = (await movementsOf(id)).filter((movement) => movement.kind === 'refund');
    expect(
      refunds.map((movement) => [movement.key.split(':').length, movement.amount_minor]),
    ).toEqual([
      [3, 1500],
      [4, 3500],
    ]);
    expect(refunds.map((movement) => movement.refund_id)).toEqual(
      atProvider.map((item) => item.id),
    );
    const [payment] = await movementsOf(id);
    for (const movement of refunds) {
      expect(movement).toMatchObject({
        state: 'refunded',
        reverses_receipt: payment.receipt_number,
      });
    }
    // The provider refuses a refund beyond the payment, and answers a key asked again with its refund.
    const gateway = app.app.get(PaymentGateway);
    await expect(
      gateway.refundPayment({
        paymentIntentId: intent,
        amountMinor: 1,
        idempotencyKey: `refund-${intent}-3`,
        registrationId: id,
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(
      await gateway.refundPayment({
        paymentIntentId: intent,
        amountMinor: 3500,
        idempotencyKey: `refund-${intent}-2`,
        registrationId: id,
      }),
    ).toMatchObject({ refundId: atProvider[1].id });
  });

  it('a hold that lapses unpaid leaves the booking where it was and frees the seat; a difference paid after that is refunded whole', async () => {
    const id = await paidByCard(B, 'lapse@example.com');
    const inN = await seatsTaken(N);
    const first = await moveFromEmail(id, N);
    expect(await seatsTaken(N)).toBe(inN + 1);
    const sweeper = app.app.get(HoldSweeper);
    // Not before its time (and its grace).
    expect(await sweeper.runOnce(new Date(Date.now() + 5 * MINUTE))).toMatchObject({ released: 0 });
    expect(await sweeper.runOnce(new Date(Date.now() + 3 * 60 * MINUTE))).toMatchObject({
      released: 1,
    });
    expect(await row(id)).toMatchObject({ ...B, status: 'paid', move_event: null });
    expect(await seatsTaken(N)).toBe(inN);
    expect((await dataOf(id, 'MoveSeatReleased')).at(-1)).toMatchObject({ reason: 'lapsed' });
    // Its page was closed with the provider before the seat went back.
    expect((await payInSandbox(first.body.checkout!.url)).status).toBe(410);
    const page = await request(app.url, 'POST', '/api/registrations/move/checkout', {
      token: await tokenOf(id),
    });
    expect(page.body).toMatchObject({ code: 'no-move-waiting' });

    // Again; this time its payment lands after the seat went back (the page still open).
    const second = await moveFromEmail(id, N);
    const [{ move_session_id: sessionId }] = await app.dataSource.query(
      'SELECT move_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    const [{ move_expires_at: expiresAt }] = await app.dataSource.query(
      'SELECT move_expires_at FROM registration_view WHERE id = $1',
      [id],
    );
    expect(
      await app.app
        .get(PaymentRecorder)
        .record(
          { kind: 'move-lapsed', registrationId: id, sessionId, expiresAt: new Date(expiresAt) },
          { providerEventId: null, providerEventType: 'hold-sweep' },
          { actor: 'system' },
        ),
    ).toBe('released');
    expect((await payInSandbox(second.body.checkout!.url)).status).toBe(303);
    expect(await row(id)).toMatchObject({ ...B, status: 'paid', net_paid_minor: 3500 });
    const [late] = (await dataOf(id, 'RefundRequested')).slice(-1);
    expect(late).toMatchObject({ amountMinor: 1500, reason: 'move-difference-unused' });
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ ...B, status: 'paid', net_paid_minor: 3500 });
    await sendMail();
    expect(mailTo('lapse@example.com', /refunded/).at(-1)?.text).toContain(
      'no longer held for the move',
    );
    const lateMoney = (await movementsOf(id)).filter(
      (movement) => movement.payment_intent_id === (late.paymentIntentId as string),
    );
    expect(
      lateMoney.map((movement) => [movement.kind, movement.amount_minor, movement.state]),
    ).toEqual([
      ['payment', 1500, 'received'],
      ['refund', 1500, 'refunded'],
    ]);
  });

  it('cancelling or moving elsewhere while a difference waits releases the seat held and closes its page', async () => {
    const id = await paidByCard(B, 'changes-mind@example.com');
    const inN = await seatsTaken(N);
    const due = await moveFromEmail(id, N);
    const sessionOf = (url: string) => new URL(url).pathname.split('/').at(-1)!;
    // Elsewhere at the seat's own price: moved at once, the seat held given up.
    const elsewhere = await moveFromEmail(id, M);
    expect(elsewhere.body).toMatchObject({ outcome: 'moved', difference: null });
    expect(await seatsTaken(N)).toBe(inN);
    expect((await dataOf(id, 'MoveSeatReleased')).at(-1)).toMatchObject({ reason: 'replaced' });
    await pageClosed(sessionOf(due.body.checkout!.url));

    // Waiting again, then cancelled: the seat held goes back, the first payment is refunded.
    const again = await moveFromEmail(id, N);
    expect(await seatsTaken(N)).toBe(inN + 1);
    const cancelled = await request(app.url, 'POST', '/api/registrations/cancel', {
      token: new URL(await app.app.get(VisitorLinks).url('cancel', id)).searchParams.get('token'),
    });
    expect(cancelled.status).toBe(204);
    expect(await seatsTaken(N)).toBe(inN);
    expect(await row(id)).toMatchObject({ status: 'cancelled', move_event: null });
    expect((await dataOf(id, 'RefundRequested')).map((data) => data.amountMinor)).toEqual([3500]);
    await pageClosed(sessionOf(again.body.checkout!.url));
    expect((await payInSandbox(again.body.checkout!.url)).status).toBe(410);
    expect(await refundAll()).toEqual({ refunded: 1, failed: 0 });
  });

  it('let in at the old door while a difference waits: the seat held goes back and its page closes, the booking stays', async () => {
    const id = await paidByCard(B, 'let-in-first@example.com');
    const inN = await seatsTaken(N);
    const due = await moveFromEmail(id, N);
    expect(due.body.outcome).toBe('payment-due');
    expect(await seatsTaken(N)).toBe(inN + 1);
    const ticket = await ticketOf(id);
    expect((await checkIn(B, ticket)).status).toBe(200);
    expect(await seatsTaken(N)).toBe(inN);
    expect(await row(id)).toMatchObject({ event: B.event, time: B.time, move_event: null });
    expect((await dataOf(id, 'MoveSeatReleased')).at(-1)).toMatchObject({
      reason: 'past-the-door',
    });
    await pageClosed(new URL(due.body.checkout!.url).pathname.split('/').at(-1)!);
    // The page is closed: nothing more to pay, nothing to refund; the person is in.
    expect((await payInSandbox(due.body.checkout!.url)).status).toBe(410);
    expect(await dataOf(id, 'RefundRequested')).toEqual([]);
    expect((await checkIn(B, ticket)).body.code).toBe('already-checked-in');
  });

  it('erased while a difference waits: the seat held goes back and its page closes', async () => {
    const id = await paidByCard(B, 'erased-waiting@example.com');
    const inN = await seatsTaken(N);
    const due = await moveFromEmail(id, N);
    expect(await seatsTaken(N)).toBe(inN + 1);
    expect((await admin('DELETE', `/api/registrations/${id}`)).status).toBe(204);
    expect(await seatsTaken(N)).toBe(inN);
    await pageClosed(new URL(due.body.checkout!.url).pathname.split('/').at(-1)!);
    expect((await payInSandbox(due.body.checkout!.url)).status).toBe(410);
    const [kept] = await app.dataSource.query(
      `SELECT count(*)::int AS rows FROM registration_view
        WHERE id = $1 AND (email IS NOT NULL OR name IS NOT NULL)`,
      [id],
    );
    expect(kept.rows).toBe(0);
  });

  it('an operator: a dearer slot asks what becomes of the difference; waived, it moves at once; asked, the seat is held and the visitor is emailed the link to pay it', async () => {
    const waived = await paidByCard(A, 'waived@example.com');
    const unsettled = await admin<{ code: string; amountMinor: number; currency: string }>(
      'POST',
      `/api/admin/registrations/${waived}/move`,
      N,
    );
    expect(unsettled.status).toBe(409);
    expect(unsettled.body).toMatchObject({
      code: 'move-difference-unsettled',
      amountMinor: 1500,
      currency: 'RON',
    });
    const bad = await admin('POST', `/api/admin/registrations/${waived}/move`, {
      ...N,
      difference: 'later',
    });
    expect(bad.status).toBe(400);
    const waive = await admin('POST', `/api/admin/registrations/${waived}/move`, {
      ...N,
      difference: 'waive',
    });
    expect(waive.status).toBe(200);
    expect(waive.body).toMatchObject({ ...N, status: 'paid', pendingMove: null });
    expect((await dataOf(waived, 'BookingMoved')).at(-1)).toMatchObject({
      by: 'operator',
      difference: { amountMinor: 1500, settled: 'waived' },
    });

    const asked = await paidByCard(A, 'asked@example.com');
    const inN = await seatsTaken(N);
    const ask = await admin('POST', `/api/admin/registrations/${asked}/move`, {
      ...N,
      difference: 'ask',
    });
    expect(ask.status).toBe(200);
    expect(ask.body).toMatchObject({
      ...A,
      status: 'paid',
      netPaid: { amountMinor: 3500, currency: 'RON' },
      pendingMove: { ...N, amountMinor: 1500, currency: 'RON' },
    });
    const held = ask.body.pendingMove as { expiresAt: string };
    // Held as long as a waiting-list offer is.
    expect(Date.parse(held.expiresAt) - Date.now()).toBeGreaterThan(
      (app.config.waitingListOfferMinutes - 1) * MINUTE,
    );
    expect(await seatsTaken(N)).toBe(inN + 1);
    await sendMail();
    const mail = mailTo('asked@example.com', /difference/).at(-1);
    expect(mail?.text).toContain('Napoli');
    expect(mail?.text).toContain('15');
    expect(mail?.text).toMatch(/\/move\?token=/);
    expect(mail?.html).toContain('/move</a>');
    const link = /(http\S+\/move\?token=\S+)/.exec(mail!.text)![1];
    const token = new URL(link).searchParams.get('token');
    const page = await request<{ url: string }>(
      app.url,
      'POST',
      '/api/registrations/move/checkout',
      {
        token,
      },
    );
    expect(page.status).toBe(200);
    expect((await payInSandbox(page.body.url)).status).toBe(303);
    expect(await row(asked)).toMatchObject({ ...N, status: 'paid', net_paid_minor: 5000 });
    expect((await dataOf(asked, 'BookingMoved')).at(-1)).toMatchObject({
      by: 'operator',
      difference: { settled: 'paid' },
    });
    expect(await seatsTaken(N)).toBe(inN + 1);
  });

  it('another currency is refused in words; a seat paid at the desk moves as it is', async () => {
    const id = await paidByCard(A, 'currency@example.com');
    const visitor = await moveFromEmail(id, E);
    expect(visitor.status).toBe(409);
    expect(visitor.body).toMatchObject({
      code: 'move-currency-differs',
      paidCurrency: 'RON',
      targetCurrency: 'EUR',
    });
    const operator = await admin('POST', `/api/admin/registrations/${id}/move`, {
      ...E,
      difference: 'waive',
    });
    expect(operator.body).toMatchObject({ code: 'move-currency-differs' });
    expect(await row(id)).toMatchObject({ ...A, move_event: null });

    const { id: cash } = await register(app.url, { ...A, email: 'cash@example.com' });
    expect(
      (await admin('PATCH', `/api/admin/registrations/${cash}/paid`, { paid: true })).status,
    ).toBe(200);
    const moved = await moveFromEmail(cash, E);
    expect(moved.body).toMatchObject({ outcome: 'moved', difference: null });
    expect(await row(cash)).toMatchObject({ ...E, status: 'paid', net_paid_minor: null });
    expect(await movementsOf(cash)).toEqual([]);
  });

  it('a rebuild gives the live rows, counts and accounts, over every move, hold and refund', async () => {
    // One move still waits for its difference: its seat held is in the counts, and rebuilt.
    const waiting = await paidByCard(B, 'still-waiting@example.com');
    expect((await moveFromEmail(waiting, N)).body.outcome).toBe('payment-due');
    await refundAll();
    await checkInvariants(app.dataSource, catalogue, { rebuild: true, settled: true });
  });
});
