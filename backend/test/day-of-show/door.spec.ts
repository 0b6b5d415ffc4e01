import { OPEN_SLOT } from '../http';
import { adminRequest, login, register } from '../admin/admin-client';
import { readyOperator } from '../operators/operator-client';
import { snapshotReadModels, storedEvents } from '../read-models';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { signTicket, type TicketKey } from '../../src/day-of-show/tickets/ticket-code';
import { rotateTicketKey, storedTicketKeys } from '../../src/day-of-show/tickets/ticket-keys';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { testCatalogue } from '../test-tour';
import { doorHandleOf } from '../../src/registrations/domain/door-handle';

const DOOR = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}/door`;
const OTHER_SLOT = 'Oct 19 - 7:00pm';
const DAY_S = 86_400;

interface DoorList {
  event: string;
  time: string;
  startsAt: string;
  started: boolean;
  syncedAt: string;
  seated: {
    handle: string;
    shortId: string;
    name: string;
    seat: number;
    state: string;
    checkedInAt: string | null;
    checkedInBy: string | null;
    checkedInDevice: string | null;
  }[];
  waitingList: { handle: string; shortId: string; name: string; position: number }[];
  revoked: { handle: string; reason: string }[];
  keys: { keyId: string; current: boolean }[];
}

describe('the door: its list, check-ins by ticket or by name, undo', () => {
  let app: TestApp;
  let cookie: string;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
  });

  const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    adminRequest<T>(app.url, cookie, method, path, body);

  async function paidSeat(name: string): Promise<string> {
    const { id } = await register(app.url, { name });
    const paid = await admin('PATCH', `/api/admin/registrations/${id}/paid`, { paid: true });
    expect(paid.status).toBe(200);
    return id;
  }

  async function currentKey(): Promise<TicketKey> {
    return (await storedTicketKeys(app.dataSource)).at(-1)!;
  }

  async function ticketOf(id: string, overrides: { s?: string; u?: number; key?: TicketKey } = {}) {
    const key = overrides.key ?? (await currentKey());
    return signTicket(
      {
        r: id,
        e: 'bucharest',
        s: overrides.s ?? OPEN_SLOT,
        u: overrides.u ?? Math.floor(Date.now() / 1000) + 60 * DAY_S,
      },
      key,
    );
  }

  const checkIn = (body: Record<string, unknown>) =>
    admin('POST', '/api/admin/check-ins', { event: 'bucharest', time: OPEN_SLOT, ...body });

  async function eventTypes(id: string): Promise<string[]> {
    const rows: { type: string }[] = await storedEvents(app.dataSource, `registration-${id}`);
    return rows.map((row) => row.type);
  }

  it('lists the seated in seat order, the waiting list, the refused tickets and the keys; names only', async () => {
    const first = await paidSeat('Seat One');
    const held = (await register(app.url, { name: 'Held Unpaid' })).id;
    const second = await paidSeat('Seat Two');
    const cancelled = await paidSeat('Gone Away');
    expect(
      (await admin('POST', `/api/admin/registrations/${cancelled}/cancel`, { refund: false }))
        .status,
    ).toBe(200);
    const list = await admin<DoorList>('GET', DOOR);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body).toMatchObject({
      event: 'bucharest',
      time: OPEN_SLOT,
      started: false,
      startsAt: testCatalogue().startOf('bucharest', OPEN_SLOT)!.toISOString(),
    });
    const seated = list.body.seated.filter((seat) =>
      [first, second].map(doorHandleOf).includes(seat.handle),
    );
    expect(seated).toEqual([
      {
        handle: doorHandleOf(first),
        shortId: `#${first.slice(-6).toUpperCase()}`,
        name: 'Seat One',
        seat: expect.any(Number),
        state: 'not-arrived',
        checkedInAt: null,
        checkedInBy: null,
        checkedInDevice: null,
      },
      expect.objectContaining({ handle: doorHandleOf(second), name: 'Seat Two' }),
    ]);
    expect(list.body.seated.map((seat) => seat.seat)).toEqual(
      list.body.seated.map((_, index) => index + 1),
    );
    expect(list.body.revoked).toEqual(
      expect.arrayContaining([
        { handle: doorHandleOf(held), reason: 'not-paid' },
        { handle: doorHandleOf(cancelled), reason: 'cancelled' },
      ]),
    );
    expect(list.body.keys).toEqual([expect.objectContaining({ current: true })]);
    const text = JSON.stringify(list.body);
    expect(text).not.toMatch(/@example\.com|\+40|grandmother/);
  });

  it('answers 404 for an unknown event or slot, and 401 without a session', async () => {
    expect((await admin('GET', '/api/admin/tour/events/nowhere/slots/x/door')).status).toBe(404);
    expect(
      (
        await admin(
          'GET',
          `/api/admin/tour/events/bucharest/slots/${encodeURIComponent('9:99')}/door`,
        )
      ).status,
    ).toBe(404);
    expect((await adminRequest(app.url, '', 'GET', DOOR)).status).toBe(401);
  });

  it('checks a ticket in: 200 with the person and the seat, CheckedIn with the device time; again 409 naming the first', async () => {
    const id = await paidSeat('Scanned Person');
    const ticket = await ticketOf(id);
    // The slot is days ahead: a device's clock outside its day is kept in the event, and the
    // server's time is what the door records (after-the-door.spec: within the day, the device's).
    const deviceTime = new Date(Date.now() - 60_000).toISOString();
    const sent = Date.now();
    const answer = await checkIn({ ticket, deviceTime, device: 'Door phone 1' });
    expect(answer.status).toBe(200);
    const checkedInAt = (answer.body as { checkedInAt: string }).checkedInAt;
    expect(Date.parse(checkedInAt)).toBeGreaterThanOrEqual(sent - 1000);
    expect(answer.body).toEqual({
      handle: doorHandleOf(id),
      shortId: `#${id.slice(-6).toUpperCase()}`,
      name: 'Scanned Person',
      event: 'bucharest',
      time: OPEN_SLOT,
      seat: expect.any(Number),
      checkedInAt,
      checkedInBy: 'owner',
      checkedInDevice: 'Door phone 1',
    });
    const [recorded]: { data: { deviceTime: string } }[] = await storedEvents(
      app.dataSource,
      `registration-${id}`,
      'CheckedIn',
    );
    expect(recorded.data.deviceTime).toBe(deviceTime);
    const again = await checkIn({ ticket, device: 'Door phone 2' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: 'already-checked-in',
      message: 'Already checked in.',
      errors: [],
      checkIn: {
        handle: doorHandleOf(id),
        name: 'Scanned Person',
        checkedInAt,
        checkedInBy: 'owner',
        checkedInDevice: 'Door phone 1',
      },
    });
    expect(await eventTypes(id)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaidFlagSet',
      'SeatNumbered',
      'CheckedIn',
    ]);
    const row = await admin<{ registrations: { id: string; door: string; checkedInAt: string }[] }>(
      'GET',
      '/api/admin/registrations?q=scanned%20person',
    );
    expect(row.body.registrations).toEqual([
      expect.objectContaining({ id, door: 'checked-in', checkedInAt }),
    ]);
    const counts = await admin<{ slots: { event: string; time: string; checkedIn: number }[] }>(
      'GET',
      '/api/admin/check-ins/counts',
    );
    expect(counts.body.slots).toEqual([
      expect.objectContaining({ event: 'bucharest', time: OPEN_SLOT, checkedIn: 1, noShows: 0 }),
    ]);
    const list = await admin<DoorList>('GET', DOOR);
    expect(list.body.seated.find((seat) => seat.handle === doorHandleOf(id))).toMatchObject({
      state: 'checked-in',
      checkedInAt,
      checkedInBy: 'owner',
      checkedInDevice: 'Door phone 1',
    });
  });

  it('lets two check-ins of one person at once through once: one 200, one 409', async () => {
    const id = await paidSeat('Two Phones');
    const ticket = await ticketOf(id);
    const answers = await Promise.all([
      checkIn({ ticket, device: 'Phone A' }),
      checkIn({ handle: doorHandleOf(id), device: 'Phone B' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body as {
      checkedInBy: string;
      checkedInDevice: string;
    };
    const loser = answers.find((answer) => answer.status === 409)!.body as {
      checkIn: { checkedInBy: string; checkedInDevice: string };
    };
    expect(loser.checkIn.checkedInBy).toBe(winner.checkedInBy);
    expect(loser.checkIn.checkedInDevice).toBe(winner.checkedInDevice);
    expect((await eventTypes(id)).filter((type) => type === 'CheckedIn')).toHaveLength(1);
  });

  it('names the operator who let a person in, and their phone, in every answer; the name trimmed', async () => {
    const door = await readyOperator(app, cookie, 'door', 'Bianca Box');
    const asDoor = <T = Record<string, unknown>>(body: Record<string, unknown>) =>
      adminRequest<T>(app.url, door.cookie, 'POST', '/api/admin/check-ins', {
        event: 'bucharest',
        time: OPEN_SLOT,
        ...body,
      });
    const id = await paidSeat('Named Door');
    const answer = await asDoor({ handle: doorHandleOf(id), device: '  Bianca’s phone \u00a0' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      checkedInBy: 'Bianca Box',
      checkedInDevice: 'Bianca’s phone',
    });
    // The owner's phone tries the same person: the first check-in is named by its operator.
    const again = await checkIn({ handle: doorHandleOf(id), device: 'Door phone 2' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      checkIn: { checkedInBy: 'Bianca Box', checkedInDevice: 'Bianca’s phone' },
    });
    const list = await adminRequest<DoorList>(app.url, door.cookie, 'GET', DOOR);
    expect(list.body.seated.find((seat) => seat.handle === doorHandleOf(id))).toMatchObject({
      state: 'checked-in',
      checkedInBy: 'Bianca Box',
      checkedInDevice: 'Bianca’s phone',
    });
    expect(JSON.stringify(list.body)).not.toContain(door.id);
    const [event]: { data: { operatorId: string; device: string } }[] = await storedEvents(
      app.dataSource,
      `registration-${id}`,
      'CheckedIn',
    );
    expect(event!.data).toMatchObject({ operatorId: door.id, device: 'Bianca’s phone' });
    // Unnamed, a check-in is still named by its operator.
    const unnamed = await paidSeat('Unnamed Phone');
    expect((await asDoor({ handle: doorHandleOf(unnamed) })).body).toMatchObject({
      checkedInBy: 'Bianca Box',
      checkedInDevice: null,
    });
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, testCatalogue());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it('refuses in the contract words, and writes nothing', async () => {
    const paid = await paidSeat('Refused Person');
    const held = (await register(app.url, { name: 'Not Paid Yet' })).id;
    const cancelled = await paidSeat('Cancelled Person');
    const cancelledTicket = await ticketOf(cancelled);
    await admin('POST', `/api/admin/registrations/${cancelled}/cancel`, { refund: false });
    const deleted = await paidSeat('Deleted Person');
    const deletedTicket = await ticketOf(deleted);
    expect((await admin('DELETE', `/api/registrations/${deleted}?refund=false`)).status).toBe(204);
    const ticket = await ticketOf(paid);
    const [prefix, payload, signature] = ticket.split('.');
    const altered = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        u: 9_999_999_999,
      }),
    ).toString('base64url');
    const [before] = await app.dataSource.query('SELECT count(*)::int AS n FROM events');

    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{ ticket: `${prefix}.${altered}.${signature}` }, 400, { reason: 'forged' }],
      [{ ticket: 'https://example.org/not-a-ticket' }, 400, { reason: 'unreadable' }],
      [
        { ticket, time: OTHER_SLOT },
        422,
        { reason: 'wrong-slot', name: 'Refused Person', event: 'bucharest', time: OPEN_SLOT },
      ],
      // A ticket naming another slot for a booking of this one (its ticket from before it
      // moved here): named by the ticket's slot, not by this door's, as a phone offline says.
      [
        { ticket: await ticketOf(paid, { s: OTHER_SLOT }) },
        422,
        { reason: 'wrong-slot', event: 'bucharest', time: OTHER_SLOT },
      ],
      [{ handle: doorHandleOf(paid), time: OTHER_SLOT }, 422, { reason: 'wrong-slot' }],
      [{ handle: doorHandleOf(held) }, 422, { reason: 'not-paid', name: 'Not Paid Yet' }],
      [{ ticket: await ticketOf(held) }, 422, { reason: 'not-paid' }],
      [{ ticket: cancelledTicket }, 422, { reason: 'cancelled', name: 'Cancelled Person' }],
      [{ ticket: deletedTicket }, 422, { reason: 'cancelled' }],
      [
        { ticket: await ticketOf(paid, { u: Math.floor(Date.now() / 1000) - 60 }) },
        422,
        { reason: 'expired' },
      ],
      [{ handle: doorHandleOf(deleted) }, 404, {}],
      [{ handle: doorHandleOf('00000000-0000-4000-8000-000000000000') }, 404, {}],
      [{ handle: 'not-a-handle' }, 404, {}],
      // The registration id itself opens nothing at the door either.
      [{ handle: paid }, 400, {}],
      [{ handle: doorHandleOf(paid), event: 'nowhere' }, 404, {}],
      [
        { ticket, handle: doorHandleOf(paid) },
        400,
        { errors: [expect.objectContaining({ field: 'handle' })] },
      ],
      [{}, 400, { errors: [expect.objectContaining({ field: 'ticket' })] }],
      [{ handle: doorHandleOf(paid), device: 'x'.repeat(65) }, 400, {}],
      [
        { handle: doorHandleOf(paid), device: 'Door\u0007phone' },
        400,
        { errors: [{ field: 'device', message: 'device must not contain control characters' }] },
      ],
      [{ handle: doorHandleOf(paid), device: 'Door\nphone' }, 400, {}],
      [
        { handle: doorHandleOf(paid), device: '   ' },
        400,
        { errors: [expect.objectContaining({ field: 'device' })] },
      ],
      [{ handle: doorHandleOf(paid), device: '\u200b' }, 400, {}],
      [{ handle: doorHandleOf(paid), device: 42 }, 400, {}],
      [{ handle: doorHandleOf(paid), deviceTime: 'yesterday' }, 400, {}],
      [{ handle: doorHandleOf(paid), deviceTime: '2025-W44-4' }, 400, {}],
    ];
    for (const [body, status, fields] of cases) {
      const answer = await checkIn(body);
      expect({ body, status: answer.status }).toEqual({ body, status });
      expect(answer.body).toMatchObject({
        statusCode: status,
        message: expect.any(String),
        ...fields,
      });
    }
    const deletedAnswer = await checkIn({ ticket: deletedTicket });
    expect(deletedAnswer.body).not.toHaveProperty('name');
    const [after] = await app.dataSource.query('SELECT count(*)::int AS n FROM events');
    expect(after.n).toBe(before.n);
  });

  it('undoes a check-in (204), then 409 when not checked in, 404 for an unknown handle', async () => {
    const id = await paidSeat('Undone Person');
    const handle = doorHandleOf(id);
    expect((await checkIn({ handle })).status).toBe(200);
    const undone = await admin('DELETE', `/api/admin/check-ins/${handle}`);
    expect(undone.status).toBe(204);
    expect((await admin('DELETE', `/api/admin/check-ins/${handle}`)).status).toBe(409);
    expect(
      (await admin('DELETE', `/api/admin/check-ins/${doorHandleOf(crypto.randomUUID())}`)).status,
    ).toBe(404);
    // A registration id is not a door handle: refused as such.
    expect((await admin('DELETE', `/api/admin/check-ins/${id}`)).status).toBe(400);
    const list = await admin<DoorList>('GET', DOOR);
    expect(list.body.seated.find((seat) => seat.handle === handle)?.state).toBe('not-arrived');
    // Checked in again after the undo.
    expect((await checkIn({ handle })).status).toBe(200);
    expect((await eventTypes(id)).slice(-3)).toEqual(['CheckedIn', 'CheckInUndone', 'CheckedIn']);
  });

  it('keeps the tickets signed before a rotation valid, and accepts the new key at once', async () => {
    const before = await paidSeat('Before Rotation');
    const after = await paidSeat('After Rotation');
    const oldTicket = await ticketOf(before);
    await rotateTicketKey(app.dataSource);
    const newTicket = await ticketOf(after);
    expect(newTicket.split('.')[1]).not.toBe(oldTicket.split('.')[1]);
    expect((await checkIn({ ticket: oldTicket })).status).toBe(200);
    expect((await checkIn({ ticket: newTicket })).status).toBe(200);
  });

  it('shows the check-ins in the history and the admin feed; a rebuild gives the same rows', async () => {
    const id = await paidSeat('History Person');
    await checkIn({ handle: doorHandleOf(id), device: 'Door phone 3' });
    const history = await admin<{
      events: { type: string; actor: string; status: string; payload: Record<string, unknown> }[];
    }>('GET', `/api/admin/registrations/${id}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.events;
    expect(entries.find((entry) => entry.type === 'CheckedIn')).toMatchObject({
      actor: 'admin',
      status: 'paid',
      payload: { device: 'Door phone 3', via: 'search' },
    });
    const feed = await admin<{ events: { type: string }[] }>(
      'GET',
      '/api/admin/events?after=0&limit=1000',
    );
    expect(feed.status).toBe(200);
    expect(JSON.stringify(feed.body)).toContain('CheckedIn');
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, testCatalogue());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it('erases a checked-in person: gone from the door list, no name left in the log', async () => {
    const id = await paidSeat('Erased Doorperson');
    await checkIn({ handle: doorHandleOf(id), device: 'Door phone 4' });
    expect((await admin('DELETE', `/api/registrations/${id}?refund=false`)).status).toBe(204);
    const list = await admin<DoorList>('GET', DOOR);
    expect(JSON.stringify(list.body)).not.toContain(id);
    expect(JSON.stringify(list.body)).not.toContain(doorHandleOf(id));
    expect(JSON.stringify(list.body)).not.toContain('Erased Doorperson');
    const rows = (await storedEvents(app.dataSource, `registration-${id}`)).map(({ data }) => ({
      data,
    }));
    expect(JSON.stringify(rows)).not.toContain('Erased');
    expect(await eventTypes(id)).toContain('CheckedIn');
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, testCatalogue());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
