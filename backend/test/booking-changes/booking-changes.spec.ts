import { LiveTour } from '../../src/tour/live-tour';
import type { OutgoingMail } from '../../src/notifications/mail-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks, type LinkPurpose } from '../../src/notifications/visitor-links';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { doorHandleOf } from '../../src/registrations/domain/door-handle';
import { adminRequest, login, register } from '../admin/admin-client';
import { A_DREAM, payInSandbox, request } from '../http';
import { RecordingTransport } from '../notifications/recording-transport';
import { storedEvents } from '../read-models';
import { checkInvariants } from '../reliability/support';
import { appsOnOwnDatabase, type TestApp, type TestAppOptions } from '../test-app';
import { testTour } from '../test-tour';

const SECRET = 'test-booking-changes-secret';
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const A = { event: 'bucharest', time: 'Oct 30 - 7:30pm' };
const B = { event: 'bucharest', time: 'Oct 31 - 7:30pm' };
/** Another stop, at the same price. */
const M = { event: 'milano', time: 'Nov 2 - 8:00pm' };
/** Another stop, at another price. */
const N = { event: 'napoli', time: 'Nov 3 - 8:00pm' };
/** Two more slots of one price, at two stops, for moves that cross. */
const C = { event: 'bucharest', time: 'Nov 5 - 7:30pm' };
const D = { event: 'milano', time: 'Nov 6 - 8:00pm' };
/** A slot that has begun. */
const PAST = { event: 'bucharest', time: 'Oct 19 - 7:00pm' };

/**
 * Bucharest slots a month ahead (2, 1 and 6 seats), Milano at its price (2 seats, and 6 a day
 * later), Napoli dearer.
 */
function tourOfChanges(): LiveTour {
  const tour = testTour();
  const bucharest = tour.events.find((event) => event.slug === 'bucharest')!;
  const open = bucharest.slots.find((slot) => slot.time === A.time)!;
  const start = Date.parse(open.startsAt);
  open.capacity = 2;
  bucharest.slots.push({
    ...open,
    time: B.time,
    startsAt: new Date(start + DAY_MS).toISOString(),
    capacity: 1,
  });
  bucharest.slots.push({
    ...open,
    time: C.time,
    startsAt: new Date(start + 6 * DAY_MS).toISOString(),
    // Room for every crossing move whatever order they commit in (the test of opposite moves).
    capacity: 6,
  });
  const past = bucharest.slots.find((slot) => slot.time === PAST.time)!;
  past.startsAt = new Date(Date.now() - HOUR_MS).toISOString();
  past.status = 'open';
  for (const [slug, time, days, capacity, price] of [
    ['milano', M.time, 3, 2, 3500],
    ['napoli', N.time, 4, 5, 5000],
  ] as const) {
    const event = tour.events.find((candidate) => candidate.slug === slug)!;
    event.status = 'open';
    event.priceMinor = price;
    event.slots = [
      {
        ...open,
        time,
        startsAt: new Date(start + days * DAY_MS).toISOString(),
        capacity,
      },
    ];
    if (slug === 'milano') {
      event.slots.push({
        ...open,
        time: D.time,
        startsAt: new Date(start + 7 * DAY_MS).toISOString(),
        capacity: 6,
      });
    }
  }
  return new LiveTour(tour);
}

describe('moving a booking and handing it on', () => {
  const catalogue = tourOfChanges();
  const transport = new RecordingTransport();
  let app: TestApp;
  let lateApp: TestApp;
  let cookie: string;

  const ours = appsOnOwnDatabase((): TestAppOptions[] => {
    // Past every slot's window of changes on this process.
    const startsAt = catalogue.startOf(D.event, D.time)!;
    const hoursAway = Math.ceil((startsAt.getTime() - Date.now()) / HOUR_MS);
    return [
      { env: { CANCELLATION_TOKEN_SECRET: SECRET }, catalogue },
      {
        env: {
          CANCELLATION_TOKEN_SECRET: SECRET,
          CANCELLATION_CLOSES_HOURS_BEFORE: String(hoursAway + 1),
        },
        catalogue,
      },
    ];
  });

  beforeAll(async () => {
    [app, lateApp] = ours.apps;
    cookie = await login(app.url);
  });

  const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    adminRequest<T>(app.url, cookie, method, path, body);

  async function tokenOf(purpose: LinkPurpose, id: string): Promise<string> {
    const url = new URL(await app.app.get(VisitorLinks).url(purpose, id));
    return url.searchParams.get('token')!;
  }

  const moveFromEmail = async (id: string, to: { event: string; time: string }, on = app) =>
    request(on.url, 'POST', '/api/registrations/move', { token: await tokenOf('move', id), ...to });

  const newPerson = (email: string) => ({
    name: 'Ioana Marin',
    email,
    whatsapp: '+40 722 111 222',
    dream: `${A_DREAM} Then the tram turned into a boat.`,
    locale: 'ro',
  });

  async function paidByCard(slot: { event: string; time: string }, email?: string) {
    const { id } = await register(app.url, { ...slot, ...(email ? { email } : {}) });
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    expect((await payInSandbox(`${app.url}/sandbox/checkout/${session}`)).status).toBe(303);
    return id;
  }

  async function paidInCash(slot: { event: string; time: string }, email?: string) {
    const { id } = await register(app.url, { ...slot, ...(email ? { email } : {}) });
    expect(
      (await admin('PATCH', `/api/admin/registrations/${id}/paid`, { paid: true })).status,
    ).toBe(200);
    return id;
  }

  async function row(id: string) {
    const [found] = await app.dataSource.query(
      'SELECT event, time, status, seat_number, dream, name, email FROM registration_view WHERE id = $1',
      [id],
    );
    return found as
      | {
          event: string;
          time: string;
          status: string;
          seat_number: number | null;
          dream: string;
          name: string | null;
        }
      | undefined;
  }

  async function counts(slot: { event: string; time: string }) {
    const [found] = await app.dataSource.query(
      'SELECT seats_taken, paid, waiting_list, offered FROM slot_capacity WHERE event = $1 AND time = $2',
      [slot.event, slot.time],
    );
    return found as { seats_taken: number; paid: number; waiting_list: number; offered: number };
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

  const mailTo = (email: string, subject: RegExp): OutgoingMail | undefined =>
    transport.sent.filter((mail) => mail.to.address === email && subject.test(mail.subject)).at(-1);

  async function ticketOf(id: string) {
    const found = (await row(id))!;
    return (await app.app.get(TicketIssuer).ticketFor({ registrationId: id, ...found }))!.code;
  }

  const checkIn = (slot: { event: string; time: string }, by: Record<string, unknown>) =>
    admin<{ code?: string; details?: unknown }>('POST', '/api/admin/check-ins', { ...slot, ...by });

  const doorList = (slot: { event: string; time: string }) =>
    admin<{
      seated: { handle: string }[];
      waitingList: { handle: string }[];
      revoked: { handle: string; reason: string }[];
    }>('GET', `/api/admin/tour/events/${slot.event}/slots/${encodeURIComponent(slot.time)}/door`);

  let moved: string;

  it("moves a visitor's paid seat to another stop: both counts, a new seat number, the new ticket, the old one refused, the freed seat offered", async () => {
    moved = await paidByCard(A, 'mover@example.com');
    const other = await paidInCash(A);
    const waiting = await register(app.url, { ...A, email: 'waiting.a@example.com' });
    expect(waiting.waitingList).toBe(true);
    const oldTicket = await ticketOf(moved);
    expect(await counts(A)).toMatchObject({ seats_taken: 2, waiting_list: 1 });

    const answer = await moveFromEmail(moved, M);
    expect(answer.status).toBe(200);
    // The same price: nothing to pay or refund.
    expect(answer.body).toEqual({
      outcome: 'moved',
      difference: null,
      pendingMove: null,
      checkout: null,
    });
    expect(await row(moved)).toMatchObject({
      ...M,
      status: 'paid',
      seat_number: 1,
      dream: A_DREAM,
    });
    expect(await counts(A)).toMatchObject({ seats_taken: 1, waiting_list: 1 });
    expect(await counts(M)).toMatchObject({ seats_taken: 1, paid: 1 });
    const recorded = await storedEvents(app.dataSource, `registration-${moved}`);
    expect(recorded.find((event) => event.type === 'BookingMoved')).toMatchObject({
      data: { fromEvent: A.event, fromTime: A.time, ...M, by: 'visitor' },
      metadata: { actor: 'visitor' },
    });

    // The old ticket: not on the old slot's door list, refused at either door.
    const listA = await doorList(A);
    expect(listA.body.seated.map((seat) => seat.handle)).toEqual([doorHandleOf(other)]);
    expect((await doorList(M)).body.seated.map((seat) => seat.handle)).toEqual([
      doorHandleOf(moved),
    ]);
    const atOldDoor = await checkIn(A, { ticket: oldTicket });
    expect(atOldDoor.status).toBe(422);
    // Named where the booking is now, at the old door; at the new door, the ticket's own slot.
    expect(atOldDoor.body).toMatchObject({ code: 'ticket-wrong-slot', ...M });
    expect((await checkIn(M, { ticket: oldTicket })).body).toMatchObject({
      code: 'ticket-wrong-slot',
      event: A.event,
      time: A.time,
    });
    // A phone at the old door, offline, refuses the old ticket in the same words: the list
    // names the booking among the refused, moved to M; the new slot's list does not.
    expect(listA.body.revoked).toContainEqual({
      handle: doorHandleOf(moved),
      reason: 'wrong-slot',
      movedTo: M,
      name: (await row(moved))?.name,
    });
    expect((await doorList(M)).body.revoked).toEqual([]);

    // The freed seat goes to the old slot's waiting list, as a cancellation's does.
    await app.app.get(WaitingListOfferWorker).runOnce();
    expect((await row(waiting.id))?.status).toBe('offered');

    // The new ticket, in an email in the visitor's language, with the links to change again.
    await sendMail();
    const mail = mailTo('mover@example.com', /moved/);
    expect(mail?.text).toContain('Milano');
    expect(mail?.text).toMatch(/\/move\?token=/);
    expect(mail?.text).toMatch(/\/hand-on\?token=/);
    const newTicket = await ticketOf(moved);
    expect(mail?.text).toContain(newTicket);
    expect(newTicket).not.toBe(oldTicket);
    expect((await checkIn(M, { ticket: newTicket })).status).toBe(200);
  });

  it('refuses in words: the same slot, an unknown or begun slot, a full one, and past the door', async () => {
    const id = await paidByCard(B);
    const refusal = async (to: { event: string; time: string }, on = app) => {
      const answer = await moveFromEmail(id, to, on);
      return { status: answer.status, code: (answer.body as { code: string }).code };
    };
    expect(await refusal(B)).toEqual({ status: 409, code: 'same-slot' });
    expect(await refusal({ event: 'bucharest', time: 'Dec 1 - 9:99pm' })).toEqual({
      status: 400,
      code: 'slot-unknown',
    });
    expect(await refusal(PAST)).toEqual({ status: 400, code: 'slot-closed' });
    // M holds one seat of 2 (the mover's): fill it, then it is full.
    await paidInCash(M);
    expect(await refusal(M)).toEqual({ status: 409, code: 'slot-full' });
    // The operator is told the same of a full slot.
    const byOperator = await admin('POST', `/api/admin/registrations/${id}/move`, M);
    expect(byOperator.status).toBe(409);
    expect(byOperator.body).toMatchObject({ code: 'slot-full' });
    // The window: closed on a process whose changes close earlier.
    const window = await moveFromEmail(id, A, lateApp);
    expect(window.status).toBe(409);
    expect(window.body).toMatchObject({ code: 'change-closed' });
    const handWindow = await request(lateApp.url, 'POST', '/api/registrations/hand-on', {
      token: await tokenOf('hand-on', id),
      ...newPerson('late@example.com'),
    });
    expect(handWindow.body).toMatchObject({ code: 'change-closed' });
    // Past the door: let in, the visitor can no longer move it or hand it on.
    expect((await checkIn(B, { handle: doorHandleOf(id) })).status).toBe(200);
    const past = await moveFromEmail(id, A);
    expect(past.status).toBe(409);
    expect(past.body).toMatchObject({
      code: 'past-the-door',
      message: expect.stringMatching(/let in/),
    });
    const handPast = await admin(
      'POST',
      `/api/admin/registrations/${id}/hand-on`,
      newPerson('x@example.com'),
    );
    expect(handPast.body).toMatchObject({ code: 'past-the-door' });
    // An operator still moves it, at any time: the new slot's door has not seen them.
    const moving = await admin('POST', `/api/admin/registrations/${id}/move`, C);
    expect(moving.status).toBe(200);
    expect(moving.body).toMatchObject({ ...C, status: 'paid', door: 'not-arrived' });
    // A seat being paid for moves once paid: an unpaid hold, a pending offer.
    const { id: held } = await register(app.url, B);
    const pending = await admin('POST', `/api/admin/registrations/${held}/move`, C);
    expect(pending.body).toMatchObject({ code: 'payment-pending' });
    const [offered] = await app.dataSource.query(
      `SELECT id FROM registration_view WHERE status = 'offered' AND event = $1 AND time = $2`,
      [A.event, A.time],
    );
    const offer = await admin('POST', `/api/admin/registrations/${offered.id}/move`, C);
    expect(offer.body).toMatchObject({ code: 'payment-pending' });
    // A cancelled booking, its refund still on its way, has nothing to move.
    const cancelled = await paidByCard(D);
    expect(
      (await admin('POST', `/api/admin/registrations/${cancelled}/cancel`, { refund: true }))
        .status,
    ).toBe(200);
    const after = await admin('POST', `/api/admin/registrations/${cancelled}/move`, C);
    expect(after.body).toMatchObject({ code: 'nothing-to-move' });
    expect((await app.app.get(RefundWorker).runOnce()).refunded).toBe(1);
  });

  it('moves a waiting entry to the target list; opposite moves at once all land, in either order', async () => {
    // B is full (a hold); a waiting entry there moves to M's list (M is full too).
    const waiting = await register(app.url, { ...B, email: 'waits.b@example.com' });
    expect(waiting.waitingList).toBe(true);
    const beforeM = await counts(M);
    const moving = await admin('POST', `/api/admin/registrations/${waiting.id}/move`, M);
    expect(moving.status).toBe(200);
    expect(moving.body).toMatchObject({ ...M, status: 'waiting' });
    expect(await counts(M)).toMatchObject({
      seats_taken: beforeM.seats_taken,
      waiting_list: beforeM.waiting_list + 1,
    });
    expect(await counts(B)).toMatchObject({ waiting_list: 0 });

    // C holds one seat (the operator's move above); two more each in C and D, crossing.
    const inC = [await paidInCash(C), await paidInCash(C)];
    const inD = [await paidInCash(D), await paidInCash(D)];
    const before = { c: (await counts(C)).seats_taken, d: (await counts(D)).seats_taken };
    for (let round = 0; round < 3; round += 1) {
      const [from, to] = round % 2 === 0 ? [C, D] : [D, C];
      const answers = await Promise.all([
        ...inC.map((id) => admin('POST', `/api/admin/registrations/${id}/move`, to)),
        ...inD.map((id) => admin('POST', `/api/admin/registrations/${id}/move`, from)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    }
    expect((await counts(C)).seats_taken).toBe(before.c);
    expect((await counts(D)).seats_taken).toBe(before.d);
    expect((await row(inC[0]))?.event).toBe(D.event);
  });

  it("hands a visitor's booking on: the new person's ticket and emails, the old one erased and refused, the payment where it was", async () => {
    const id = await paidByCard(C, 'giver@example.com');
    const oldTicket = await ticketOf(id);
    const before = await counts(C);
    // A dream approved for the sheet goes with the person who dreamt it.
    const [{ seat_number: seat }] = await app.dataSource.query(
      'SELECT seat_number FROM registration_view WHERE id = $1',
      [id],
    );
    const same = await request(app.url, 'POST', '/api/registrations/hand-on', {
      token: await tokenOf('hand-on', id),
      ...newPerson('giver@example.com'),
    });
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: 'already-registered' });
    const bad = await request(app.url, 'POST', '/api/registrations/hand-on', {
      token: await tokenOf('hand-on', id),
      ...newPerson('not an email'),
    });
    expect(bad.status).toBe(400);

    const answer = await request(app.url, 'POST', '/api/registrations/hand-on', {
      token: await tokenOf('hand-on', id),
      ...newPerson('taker@example.com'),
    });
    expect(answer.status).toBe(204);
    expect(await row(id)).toBeUndefined();
    const [taker] = await app.dataSource.query(
      `SELECT id, status, paid, stripe_session_id, dream, name, seat_number, locale
         FROM registration_view WHERE email = 'taker@example.com'`,
    );
    expect(taker).toMatchObject({
      status: 'paid',
      paid: true,
      stripe_session_id: expect.any(String),
      name: 'Ioana Marin',
      dream: expect.stringContaining('boat'),
      seat_number: seat,
      locale: 'ro',
    });
    expect(await counts(C)).toMatchObject({ seats_taken: before.seats_taken, paid: before.paid });
    // The old stream: handed on, its personal data key shredded.
    const old = await storedEvents(app.dataSource, `registration-${id}`);
    expect(old.at(-1)).toMatchObject({ type: 'BookingHandedOn', data: { to: taker.id } });
    expect(
      await app.dataSource.query('SELECT 1 FROM personal_data_keys WHERE stream_id = $1', [
        `registration-${id}`,
      ]),
    ).toEqual([]);
    expect(JSON.stringify(old)).not.toContain('grandmother');

    // The door: the old ticket refused, the new one let in; the list names only the new person.
    expect((await checkIn(C, { ticket: oldTicket })).body.code).toBe('ticket-cancelled');
    const handles = (await doorList(C)).body.seated.map((entry) => entry.handle);
    expect(handles).toContain(doorHandleOf(taker.id));
    expect(handles).not.toContain(doorHandleOf(id));
    expect((await checkIn(C, { ticket: await ticketOf(taker.id) })).status).toBe(200);

    // The emails: the new person's ticket in their language, the former holder's notice.
    await sendMail();
    const received = mailTo('taker@example.com', /cedat/);
    expect(received?.text).toContain(await ticketOf(taker.id));
    const notice = mailTo('giver@example.com', /handed on/);
    expect(notice?.text).toContain('erased');
    // The notice's own key went once it was sent.
    expect(
      await app.dataSource.query('SELECT 1 FROM personal_data_keys WHERE stream_id = $1', [
        `former-holder-${id}`,
      ]),
    ).toEqual([]);
    // The old link names nobody now.
    const gone = await request(
      app.url,
      'GET',
      `/api/registrations/hand-on/booking?token=${encodeURIComponent(await tokenOf('hand-on', id))}`,
    );
    expect(gone.status).toBe(404);

    // The payment stayed: cancelling the new person's booking refunds it, once.
    expect(
      (
        await admin('POST', `/api/admin/registrations/${taker.id}/cancel`, {
          refund: true,
          reason: 'Left early.',
        })
      ).status,
    ).toBe(200);
    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
    const refunds = (await storedEvents(app.dataSource, `registration-${taker.id}`)).filter(
      (event) => event.type === 'RefundRequested',
    );
    expect(refunds).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ amountMinor: 3500 }) }),
    ]);
  });

  it('an operator hands on (the dream approved for the sheet goes with the old person), and erasing a moved booking frees its new slot', async () => {
    const id = await paidInCash(D, 'cash.giver@example.com');
    const handed = await admin<{ id: string; name: string; status: string; paid: boolean }>(
      'POST',
      `/api/admin/registrations/${id}/hand-on`,
      newPerson('cash.taker@example.com'),
    );
    expect(handed.status).toBe(200);
    expect(handed.body).toMatchObject({ name: 'Ioana Marin', status: 'paid', paid: true });
    expect(handed.body.id).not.toBe(id);
    const history = await admin<{ events: { type: string }[] }>(
      'GET',
      `/api/admin/registrations/${handed.body.id}/history`,
    );
    expect(JSON.stringify(history.body)).toContain('BookingReceived');

    // Erasing a booking after a move frees its seat in the new slot.
    const wanderer = await paidInCash(D);
    expect((await admin('POST', `/api/admin/registrations/${wanderer}/move`, C)).status).toBe(200);
    const inC = (await counts(C)).seats_taken;
    expect((await admin('DELETE', `/api/registrations/${wanderer}?refund=false`)).status).toBe(204);
    expect((await counts(C)).seats_taken).toBe(inC - 1);
  });

  it("refuses a moved booking's old ticket at the old door, on the phone's list as at the server, whatever becomes of it after: let in, cancelled, then erased", async () => {
    const id = await paidInCash(D);
    const oldTicket = await ticketOf(id);
    const handle = doorHandleOf(id);
    expect((await admin('POST', `/api/admin/registrations/${id}/move`, C)).status).toBe(200);
    const atOldDoor = async () => ({
      listed: (await doorList(D)).body.revoked.find((entry) => entry.handle === handle),
      answer: (await checkIn(D, { ticket: oldTicket })).body,
    });
    const anotherSlot = {
      listed: { handle, reason: 'wrong-slot', movedTo: C, name: (await row(id))?.name },
      answer: expect.objectContaining({ code: 'ticket-wrong-slot', ...C }),
    };
    expect(await atOldDoor()).toEqual(anotherSlot);

    // Moved back, it is the old slot's own again: seated there, refused nowhere; then off again.
    expect((await admin('POST', `/api/admin/registrations/${id}/move`, D)).status).toBe(200);
    const back = (await doorList(D)).body;
    expect(back.seated.map((seat) => seat.handle)).toContain(handle);
    expect(back.revoked.map((entry) => entry.handle)).not.toContain(handle);
    expect((await admin('POST', `/api/admin/registrations/${id}/move`, C)).status).toBe(200);
    expect(await atOldDoor()).toEqual(anotherSlot);

    // Let in at its new door, then cancelled there by an operator: still another slot's.
    expect((await checkIn(C, { handle })).status).toBe(200);
    expect(await atOldDoor()).toEqual(anotherSlot);
    const cancelled = await admin('POST', `/api/admin/registrations/${id}/cancel`, {
      refund: false,
      reason: 'Could not stay.',
    });
    expect(cancelled.status).toBe(200);
    expect(await atOldDoor()).toEqual(anotherSlot);

    // Erased: gone from every list, and its ticket is cancelled wherever it is shown.
    expect((await admin('DELETE', `/api/registrations/${id}?refund=false`)).status).toBe(204);
    expect(await atOldDoor()).toEqual({
      listed: undefined,
      answer: expect.objectContaining({ code: 'ticket-cancelled' }),
    });
  });

  it('a rebuild gives the live rows and counts, over every move and hand-on', async () => {
    // A payment is received once in the accounts, also when the seat it paid was handed on and
    // then refunded to the new holder: that refund reverses the first holder's payment.
    const twice: unknown[] = await app.dataSource.query(
      `SELECT payment_intent_id FROM money_movements WHERE kind = 'payment'
        GROUP BY payment_intent_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const refunds: { reverses_receipt: number | null }[] = await app.dataSource.query(
      `SELECT reverses_receipt FROM money_movements WHERE kind = 'refund' AND state = 'refunded'`,
    );
    expect(refunds.length).toBeGreaterThan(0);
    for (const refund of refunds) expect(refund.reverses_receipt).toEqual(expect.any(Number));
    await checkInvariants(app.dataSource, catalogue, { rebuild: true });
  });
});
