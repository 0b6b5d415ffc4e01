import { LiveTour } from '../../src/tour/live-tour';
import { OPEN_SLOT } from '../http';
import { adminRequest, login, register } from '../admin/admin-client';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';
import { waitFor } from '../wait-for';
import { doorHandleOf } from '../../src/registrations/domain/door-handle';
import { snapshotReadModels, storedEvents } from '../read-models';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';

const SLOT = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
const STARTS_IN_MS = 6_000;

/** The tests' tour with the open slot starting in a few seconds. */
function startingSoon(): LiveTour {
  const tour = testTour();
  for (const event of tour.events) {
    for (const slot of event.slots) {
      if (slot.time === OPEN_SLOT)
        slot.startsAt = new Date(Date.now() + STARTS_IN_MS).toISOString();
    }
  }
  return new LiveTour(tour);
}

describe('no-shows, once the slot has started', () => {
  let app: TestApp;
  let cookie: string;
  let startsAt: Date;
  let catalogue: LiveTour;

  // The slot's few seconds start once the database is there, just before the app starts.
  const opened = appsOnOwnDatabase(() => {
    catalogue = startingSoon();
    startsAt = catalogue.startOf('bucharest', OPEN_SLOT)!;
    return [{ catalogue }];
  });

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
  });

  const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    adminRequest<T>(app.url, cookie, method, path, body);

  it('refuses before the start (422), then marks every seated person not checked in; a no-show can still be let in', async () => {
    const ids: string[] = [];
    for (const name of ['Arrived Early', 'Never Came', 'Came Late']) {
      const { id } = await register(app.url, { name });
      expect(
        (await admin('PATCH', `/api/admin/registrations/${id}/paid`, { paid: true })).status,
      ).toBe(200);
      ids.push(id);
    }
    const unpaid = (await register(app.url, { name: 'Only Held' })).id;
    const [arrived, never, late] = ids;
    const checkIn = (registrationId: string) =>
      admin('POST', '/api/admin/check-ins', {
        handle: doorHandleOf(registrationId),
        event: 'bucharest',
        time: OPEN_SLOT,
      });
    expect((await checkIn(arrived)).status).toBe(200);

    const early = await admin('POST', `${SLOT}/no-shows`);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ statusCode: 422, message: expect.any(String), errors: [] });
    expect(
      (await admin('POST', '/api/admin/tour/events/bucharest/slots/nope/no-shows')).status,
    ).toBe(404);

    await waitFor(
      async () => (Date.now() > startsAt.getTime() + 50 ? true : undefined),
      STARTS_IN_MS + 5_000,
    );
    const marked = await admin('POST', `${SLOT}/no-shows`);
    expect(marked).toMatchObject({ status: 200, body: { marked: 2 } });
    expect((await admin('POST', `${SLOT}/no-shows`)).body).toEqual({ marked: 0 });

    const list = await admin<{
      started: boolean;
      seated: { handle: string; state: string }[];
    }>('GET', `${SLOT}/door`);
    expect(list.body.started).toBe(true);
    const states = Object.fromEntries(list.body.seated.map((seat) => [seat.handle, seat.state]));
    expect(states).toEqual({
      [doorHandleOf(arrived)]: 'checked-in',
      [doorHandleOf(never)]: 'no-show',
      [doorHandleOf(late)]: 'no-show',
    });
    const counts = await admin<{ slots: unknown[] }>('GET', '/api/admin/check-ins/counts');
    expect(counts.body.slots).toEqual([
      { event: 'bucharest', time: OPEN_SLOT, seated: 3, checkedIn: 1, noShows: 2 },
    ]);
    expect((await checkIn(late)).status).toBe(200);
    const stateOf = async (id: string) =>
      (
        await admin<{ seated: { handle: string; state: string }[] }>('GET', `${SLOT}/door`)
      ).body.seated.find((seat) => seat.handle === doorHandleOf(id))?.state;
    expect(await stateOf(late)).toBe('checked-in');
    // Undoing the late check-in restores the state before it: a no-show, not "not arrived".
    expect((await admin('DELETE', `/api/admin/check-ins/${doorHandleOf(late)}`)).status).toBe(204);
    expect(await stateOf(late)).toBe('no-show');
    const row = await admin<{ registrations: { id: string; door: string }[] }>(
      'GET',
      '/api/admin/registrations?q=came%20late',
    );
    expect(row.body.registrations).toEqual([
      expect.objectContaining({ id: late, door: 'no-show' }),
    ]);
    expect(
      (await admin<{ slots: unknown[] }>('GET', '/api/admin/check-ins/counts')).body.slots,
    ).toEqual([{ event: 'bucharest', time: OPEN_SLOT, seated: 3, checkedIn: 1, noShows: 2 }]);
    // And the arrival after that undo still lets them in.
    expect((await checkIn(late)).status).toBe(200);
    expect(await stateOf(late)).toBe('checked-in');
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, catalogue);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    const types: { type: string }[] = await storedEvents(app.dataSource, `registration-${unpaid}`);
    expect(types.map((row) => row.type)).not.toContain('NoShowMarked');
  });
});
