import { LiveTour } from '../../src/tour/live-tour';
import { zonedInstant } from '../../src/tour/domain/slot-names';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { adminRequest, login, register } from '../admin/admin-client';
import { OPEN_SLOT, registrationBody, request, type JsonResponse } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';

interface AdminSlot {
  time: string;
  startsAt: string;
  status: string;
  capacity: number;
  seatsTaken: number;
  waiting: number;
}

interface AdminEvent {
  slug: string;
  city: string;
  venue: string;
  localised: Record<string, { city?: string; venue?: string }>;
  date: string;
  timeZone: string;
  status: string;
  priceMinor: number;
  automaticOffers: boolean;
  slots: AdminSlot[];
}

interface HistoryPage {
  entries: { type: string; event: string }[];
  next: string | null;
}

interface ApiError {
  statusCode: number;
  message: string;
  errors: { field: string; message: string }[];
}

const DAY_MS = 86_400_000;

/** An instant `days` ahead at hour:30 in Bucharest, written with Bucharest's offset then. */
function ahead(days: number, hour = 19): string {
  const day = new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
  const wall = `${day}T${String(hour).padStart(2, '0')}:30:00`;
  const offset =
    (Date.parse(`${wall}Z`) - zonedInstant(day, hour, 30, 'Europe/Bucharest').getTime()) / 60_000;
  return `${wall}+${String(Math.floor(offset / 60)).padStart(2, '0')}:${String(offset % 60).padStart(2, '0')}`;
}

describe('the tour in the Command Center', () => {
  const fleet = appsOnOwnDatabase([{}]);
  let app: TestApp;
  let cookie: string;
  const tour = (method: string, path: string, body?: unknown) =>
    adminRequest<AdminEvent & ApiError>(app.url, cookie, method, `/api/admin/tour${path}`, body);
  const publicEvents = async () =>
    (
      await request<
        {
          slug: string;
          city: string;
          priceMinor: number;
          slots: { time: string; status: string; capacity: number }[];
        }[]
      >(app.url, 'GET', '/api/events')
    ).body;
  const capacity = async () =>
    (
      await request<
        Record<string, Record<string, { limit: number; available: number; status: string }>>
      >(app.url, 'GET', '/api/capacity')
    ).body;

  beforeAll(async () => {
    [app] = fleet.apps;
    cookie = await login(app.url);
  });

  const cluj = {
    slug: 'cluj',
    city: 'Cluj-Napoca',
    venue: 'Fabrica de Pensule',
    localised: { ro: { city: 'Cluj-Napoca' }, it: { city: 'Cluj' } },
    date: ahead(40).slice(0, 10),
    timeZone: 'Europe/Bucharest',
    priceMinor: 4000,
  };

  it('announces an event, and the site and the capacity answer show it at once', async () => {
    const announced = await tour('POST', '/events', cluj);
    expect(announced.status).toBe(201);
    expect(announced.body).toEqual({
      ...cluj,
      status: 'open',
      currency: 'RON',
      automaticOffers: true,
      slots: [],
    });
    const added = await tour('POST', '/events/cluj/slots', { startsAt: ahead(40), capacity: 3 });
    expect(added.status).toBe(201);
    const [slot] = added.body.slots;
    // Named from its start in the event's time zone, as the record names slots.
    expect(slot).toEqual({
      time: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2} - \d{1,2}:30pm$/),
      startsAt: ahead(40),
      status: 'open',
      capacity: 3,
      seatsTaken: 0,
      waiting: 0,
    });
    const listed = (await publicEvents()).find((event) => event.slug === 'cluj');
    expect(listed).toMatchObject({ city: 'Cluj-Napoca', priceMinor: 4000 });
    expect(listed?.slots).toEqual([expect.objectContaining({ time: slot.time, status: 'open' })]);
    expect((await capacity()).cluj[slot.time]).toMatchObject({ limit: 3, available: 3 });
    // And registration takes it at once, without a restart.
    const registered = await register(app.url, { event: 'cluj', time: slot.time });
    expect(registered.waitingList).toBe(false);
  });

  it('refuses a slug the tour has, a slot name the event has, and what it does not have', async () => {
    const again = await tour('POST', '/events', cluj);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The tour has an event "cluj" already.');
    const listed = (await tour('GET', '')).body as unknown as { events: AdminEvent[] };
    const [{ time }] = listed.events.find((event) => event.slug === 'cluj')!.slots;
    const twice = await tour('POST', '/events/cluj/slots', {
      startsAt: ahead(41),
      capacity: 5,
      time,
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      statusCode: 409,
      code: 'slot-name-taken',
      message: `The event "cluj" has a slot "${time}" already.`,
      errors: [
        {
          field: 'time',
          code: 'slot-name-taken',
          message: `The event "cluj" has a slot "${time}" already.`,
        },
      ],
    });
    const noEvent = await tour('POST', '/events/nowhere/slots', {
      startsAt: ahead(41),
      capacity: 5,
    });
    expect(noEvent.status).toBe(404);
    expect(noEvent.body.message).toBe('The tour has no event "nowhere".');
    const noSlot = await tour(
      'PATCH',
      `/events/cluj/slots/${encodeURIComponent('Jan 1 - 1:00am')}`,
      {
        capacity: 5,
      },
    );
    expect(noSlot.status).toBe(404);
    expect(noSlot.body.message).toBe('The event "cluj" has no slot "Jan 1 - 1:00am".');
    expect((await tour('POST', '/events/nowhere/complete')).status).toBe(404);
  });

  it('answers 400 in the JSON shape for bad input, and records nothing', async () => {
    const [{ count: before }] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM events',
    );
    for (const [body, field] of [
      [{ ...cluj, slug: 'Sibiu!' }, 'slug'],
      [{ ...cluj, slug: 'sibiu', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ ...cluj, slug: 'sibiu', priceMinor: 0 }, 'priceMinor'],
      [{ ...cluj, slug: 'sibiu', date: '2026-02-30' }, 'date'],
      // Once a 500: no month 13, no day 45.
      [{ ...cluj, slug: 'sibiu', date: '2027-13-45' }, 'date'],
      [{ ...cluj, slug: 'sibiu', city: '  ' }, 'city'],
      [{ ...cluj, slug: 'sibiu', localised: { fr: { city: 'Cluj' } } }, 'localised'],
      [{ ...cluj, slug: 'sibiu', status: 'completed' }, 'status'],
      [{ ...cluj, slug: 'sibiu', seats: 20 }, 'seats'],
    ] as const) {
      const answer = await tour('POST', '/events', body);
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body.errors.map((error) => error.field)).toEqual([field]);
    }
    const surrogate = await tour('POST', '/events', { ...cluj, slug: 'sibiu', venue: 'a\ud800b' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors.map((error) => error.field)).toEqual(['venue']);
    // What no event or slot can be named breaks its parameter's rule (400 naming it), and is no
    // failure of the database.
    for (const [path, body, parameter] of [
      ['/events/%00', { priceMinor: 4000 }, 'slug'],
      [`/events/${'x'.repeat(61)}`, { priceMinor: 4000 }, 'slug'],
      ['/events/cluj/slots/a%00b', { capacity: 5 }, 'time'],
    ] as const) {
      const answer = await tour('PATCH', path, body);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.errors.map((error) => error.field)).toEqual([parameter]);
    }
    const badSlot = await tour('POST', '/events/cluj/slots', {
      startsAt: '2026-03-12 19:30',
      capacity: 5,
    });
    expect(badSlot.status).toBe(400);
    expect(badSlot.body.errors[0].field).toBe('startsAt');
    // Once taken as 3 March.
    const noSuchDay = await tour('POST', '/events/cluj/slots', {
      startsAt: '2031-02-31T19:30:00+02:00',
      capacity: 5,
    });
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.errors[0].field).toBe('startsAt');
    const noSeats = await tour('POST', '/events/cluj/slots', { startsAt: ahead(42), capacity: 0 });
    expect(noSeats.status).toBe(400);
    const [{ count: after }] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM events',
    );
    expect(after).toBe(before);
  });

  it('refuses a capacity below the seats taken, in words and in the database', async () => {
    const slot = (await tour('GET', '')).body as unknown as { events: AdminEvent[] };
    const bucharest = slot.events.find((event) => event.slug === 'bucharest')!;
    expect(bucharest.slots.find((item) => item.time === OPEN_SLOT)?.seatsTaken).toBe(0);
    await register(app.url);
    await register(app.url);
    const path = `/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
    const lowered = await tour('PATCH', path, { capacity: 1 });
    expect(lowered.status).toBe(409);
    expect(lowered.body.message).toBe(
      'This slot has 2 seats taken; its capacity cannot go below 2.',
    );
    expect((await capacity()).bucharest[OPEN_SLOT].limit).toBe(20);
    // Beneath the words, PostgreSQL refuses it whatever the path.
    await expect(
      app.dataSource.query(
        `UPDATE slot_capacity SET seat_limit = 1 WHERE event = 'bucharest' AND time = $1`,
        [OPEN_SLOT],
      ),
    ).rejects.toThrow(/slot_capacity_no_oversell/);
    const toTaken = await tour('PATCH', path, { capacity: 2 });
    expect(toTaken.status).toBe(200);
    expect(toTaken.body.slots.find((item) => item.time === OPEN_SLOT)).toMatchObject({
      capacity: 2,
      seatsTaken: 2,
    });
    expect((await capacity()).bucharest[OPEN_SLOT]).toMatchObject({ limit: 2, available: 0 });
    expect((await register(app.url)).waitingList).toBe(true);
    const raised = await tour('PATCH', path, { capacity: 22 });
    expect(raised.body.slots.find((item) => item.time === OPEN_SLOT)).toMatchObject({
      capacity: 22,
      seatsTaken: 2,
      waiting: 1,
    });
    expect((await capacity()).bucharest[OPEN_SLOT]).toMatchObject({ limit: 22, available: 20 });
  });

  it('moves a slot keeping its name, closes and reopens it, and completes an event', async () => {
    const path = `/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
    const startsAt = ahead(50);
    const moved = await tour('PATCH', path, { startsAt });
    expect(moved.status).toBe(200);
    expect(moved.body.slots.find((item) => item.time === OPEN_SLOT)?.startsAt).toBe(startsAt);
    expect(app.app.get(LiveTour).startOf('bucharest', OPEN_SLOT)?.getTime()).toBe(
      Date.parse(startsAt),
    );

    const closed = await tour('POST', `${path}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.slots.find((item) => item.time === OPEN_SLOT)?.status).toBe('closed');
    const bucharest = (await publicEvents()).find((event) => event.slug === 'bucharest');
    expect(bucharest?.slots.find((item) => item.time === OPEN_SLOT)?.status).toBe('closed');
    expect((await capacity()).bucharest[OPEN_SLOT].status).toBe('closed');
    const refused = await request(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(),
    );
    expect(refused.status).toBe(400);
    // Closing what is closed records nothing.
    const [{ count: before }] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM events',
    );
    expect((await tour('POST', `${path}/close`)).status).toBe(200);
    const [{ count: after }] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM events',
    );
    expect(after).toBe(before);

    const reopened = await tour('POST', `${path}/reopen`);
    expect(reopened.body.slots.find((item) => item.time === OPEN_SLOT)?.status).toBe('open');
    expect((await capacity()).bucharest[OPEN_SLOT].status).toBe('open');

    const edited = await tour('PATCH', '/events/cluj', {
      priceMinor: 4500,
      status: 'coming-soon',
      automaticOffers: false,
    });
    expect(edited.body).toMatchObject({
      priceMinor: 4500,
      status: 'coming-soon',
      automaticOffers: false,
    });
    expect(app.app.get(LiveTour).findEvent('cluj')?.automaticOffers).toBe(false);
    expect((await capacity()).cluj).toBeUndefined();

    const completed = await tour('POST', '/events/cluj/complete');
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('completed');
    expect(completed.body.slots.every((item) => item.status === 'closed')).toBe(true);
    const reopen = await tour(
      'POST',
      `/events/cluj/slots/${encodeURIComponent(completed.body.slots[0].time)}/reopen`,
    );
    expect(reopen.status).toBe(409);
  });

  it("keeps the tour's own history, newest first, with who did what", async () => {
    const all = await adminRequest<{
      entries: {
        position: string;
        event: string;
        type: string;
        at: string;
        actor: string;
        details: Record<string, unknown>;
      }[];
      next: string | null;
    }>(app.url, cookie, 'GET', '/api/admin/tour/history?limit=200');
    expect(all.status).toBe(200);
    const { entries } = all.body;
    const positions = entries.map((entry) => Number(entry.position));
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    expect(entries[0]).toMatchObject({ event: 'cluj', type: 'EventCompleted', actor: 'admin' });
    expect(entries[entries.length - 1]).toMatchObject({
      event: '',
      type: 'TourImported',
      actor: 'import',
      details: { currency: 'RON' },
    });
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'bucharest',
        type: 'SlotCapacityChanged',
        actor: 'admin',
        details: { time: OPEN_SLOT, capacity: 22, from: 2 },
      }),
    );
    const [{ count: tourFacts }] = await app.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE stream_id = 'tour' OR stream_id LIKE 'tour-event-%'`,
    );
    expect(entries).toHaveLength(tourFacts);

    // One event's history, a page at a time.
    const pages: string[] = [];
    let before: string | null = null;
    do {
      const page: JsonResponse<HistoryPage> = await adminRequest<HistoryPage>(
        app.url,
        cookie,
        'GET',
        `/api/admin/tour/history?event=cluj&limit=2${before ? `&before=${before}` : ''}`,
      );
      expect(page.body.entries.every((entry) => entry.event === 'cluj')).toBe(true);
      pages.push(...page.body.entries.map((entry) => entry.type));
      before = page.body.next;
    } while (before);
    expect(pages.reverse()).toEqual([
      'EventAnnounced',
      'SlotAdded',
      'EventDetailsEdited',
      'AutomaticOffersSwitched',
      'EventCompleted',
    ]);
    const bad = await adminRequest(app.url, cookie, 'GET', '/api/admin/tour/history?before=x');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, errors: [{ field: 'before' }] });
  });

  it('rebuilds the same tour read model and seat limits the live appends wrote', async () => {
    const snapshot = async () => ({
      tour: await app.dataSource.query('SELECT * FROM tour_view'),
      events: await app.dataSource.query('SELECT * FROM tour_event_view ORDER BY slug'),
      slots: await app.dataSource.query('SELECT * FROM tour_slot_view ORDER BY event, time'),
      limits: await app.dataSource.query(
        'SELECT event, time, seat_limit, seats_taken, waiting_list FROM slot_capacity ORDER BY event, time',
      ),
    });
    const live = await snapshot();
    expect(live.events.length).toBeGreaterThan(4);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshot()).toEqual(live);
  });
});
