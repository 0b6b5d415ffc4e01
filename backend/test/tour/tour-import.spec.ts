import { LiveTour } from '../../src/tour/live-tour';
import { adminRequest, login } from '../admin/admin-client';
import { OPEN_SLOT, request } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { testTour } from '../test-tour';

/** GET /api/events as it answered when the tour was read from the file at boot. */
function eventsOfFile(catalogue: LiveTour) {
  const now = new Date();
  return catalogue.events().map((event) => ({
    slug: event.slug,
    city: event.city,
    venue: event.venue,
    localised: event.localised ?? {},
    date: event.date,
    timeZone: event.timeZone,
    status: event.status,
    priceMinor: event.priceMinor,
    currency: catalogue.currency,
    slots: event.slots.map((slot) => ({
      ...slot,
      status: catalogue.isOpenForRegistration(event.slug, slot.time, now, 0) ? 'open' : 'closed',
    })),
  }));
}

/** GET /api/capacity of a tour nobody has registered for yet. */
function capacityOfFile(catalogue: LiveTour) {
  const now = new Date();
  return Object.fromEntries(
    catalogue
      .events()
      .filter((event) => event.status === 'open')
      .map((event) => [
        event.slug,
        Object.fromEntries(
          event.slots.map((slot) => [
            slot.time,
            {
              available: slot.capacity,
              registered: 0,
              waitingList: 0,
              limit: slot.capacity,
              status: catalogue.isOpenForRegistration(event.slug, slot.time, now, 0)
                ? 'open'
                : 'closed',
            },
          ]),
        ),
      ]),
  );
}

describe("the tour's import into the log", () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];
  const file = new LiveTour(testTour());

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('happens once when two replicas boot together, and every public answer stays the same', async () => {
    apps.push(
      ...(await Promise.all([
        startTestApp(database.url, {}, new LiveTour(testTour())),
        startTestApp(database.url, {}, new LiveTour(testTour())),
      ])),
    );
    const counts: { type: string; count: number }[] = await apps[0].dataSource.query(
      `SELECT type, count(*)::int AS count FROM events GROUP BY type ORDER BY type`,
    );
    const slots = file.allSlots().length;
    expect(counts).toEqual([
      { type: 'EventAnnounced', count: file.events().length },
      { type: 'SlotAdded', count: slots },
      { type: 'TourImported', count: 1 },
    ]);
    for (const app of apps) {
      expect((await request(app.url, 'GET', '/api/events')).body).toEqual(eventsOfFile(file));
      expect((await request(app.url, 'GET', '/api/capacity')).body).toEqual(capacityOfFile(file));
    }
    // Every event of the catalogue has automatic offers on unless the file says otherwise.
    expect(
      apps[0].app
        .get(LiveTour)
        .events()
        .every((event) => event.automaticOffers),
    ).toBe(true);
  });

  it('is not repeated: a later boot with another tour file serves the tour of the log', async () => {
    const other = testTour();
    other.events = other.events.filter((event) => event.slug !== 'matera');
    for (const event of other.events) for (const slot of event.slots) slot.capacity = 7;
    const later = await startTestApp(database.url, {}, new LiveTour(other));
    apps.push(later);
    expect((await request(later.url, 'GET', '/api/events')).body).toEqual(eventsOfFile(file));
    const [{ count }] = await later.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE type = 'TourImported'`,
    );
    expect(count).toBe(1);
  });
});

describe('a change of the tour in another process', () => {
  let database: TestDatabase;
  let app: TestApp;
  let other: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
    other = await startServerProcess({ DATABASE_URL: database.url });
  });

  afterAll(async () => {
    await other?.stop();
    await app?.close();
    await database?.drop();
  });

  it('is seen there within one second: a new slot, a capacity, a closed slot', async () => {
    const cookie = await login(app.url);
    const seen = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
      const started = Date.now();
      while (Date.now() - started < 1000) {
        if (done(await read())) return Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Infinity;
    };
    const events = async () =>
      (
        await request<{ slug: string; slots: { time: string; status: string }[] }[]>(
          other.url,
          'GET',
          '/api/events',
        )
      ).body;
    const capacity = async () =>
      (
        await request<Record<string, Record<string, { limit: number; status: string }>>>(
          other.url,
          'GET',
          '/api/capacity',
        )
      ).body;
    // The other process has its capacity answer cached: the change must drop it.
    await capacity();

    const startsAt = new Date(Date.now() + 45 * 86_400_000).toISOString();
    const added = await adminRequest<{ slots: { time: string; startsAt: string }[] }>(
      app.url,
      cookie,
      'POST',
      '/api/admin/tour/events/bucharest/slots',
      { startsAt, capacity: 12, time: 'Late show' },
    );
    expect(added.status).toBe(201);
    expect(
      await seen(events, (tour) =>
        tour.some((event) => event.slots.some((slot) => slot.time === 'Late show')),
      ),
    ).toBeLessThan(1000);
    expect(
      await seen(capacity, (answer) => answer.bucharest?.['Late show']?.limit === 12),
    ).toBeLessThan(1000);

    const path = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
    expect((await adminRequest(app.url, cookie, 'POST', `${path}/close`)).status).toBe(200);
    expect(
      await seen(capacity, (answer) => answer.bucharest?.[OPEN_SLOT]?.status === 'closed'),
    ).toBeLessThan(1000);
  });
});
