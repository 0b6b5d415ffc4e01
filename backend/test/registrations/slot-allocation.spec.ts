import { Catalogue } from '../../src/catalogue/catalogue';
import { setDreamCaptured, setPaidFlag } from '../../src/registrations/domain/operator-decisions';
import { replay, type RegistrationState } from '../../src/registrations/domain/registration';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { loadRegistration, RegistrationStore } from '../../src/registrations/registration-store';
import { CapacityCache } from '../../src/registrations/queries/get-capacity/capacity-cache';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';
import { snapshotReadModels } from '../read-models';

type Answer = { url?: string; waitingList?: boolean; registrationId?: string };

function register(app: TestApp, email: string) {
  return request<Answer>(
    app.url,
    'POST',
    '/api/create-checkout-session',
    registrationBody({ email }),
  );
}

async function seatsInTheLog(app: TestApp): Promise<number> {
  const [row] = (await app.dataSource.query(
    `SELECT count(*)::int AS seats FROM events
      WHERE type = 'RegistrationCreated' AND data->>'placement' = 'seat' AND data->>'time' = $1`,
    [OPEN_SLOT],
  )) as { seats: number }[];
  return row.seats;
}

describe('deciding a batch from what the process saw last', () => {
  const instances = appsOnOwnDatabase([{}, {}]);

  it('is refused when another process gave the seats meanwhile, and decided again', async () => {
    const [first, second] = instances.apps;
    // The first instance sees the slot with 19 seats left...
    expect((await register(first, 'early@example.com')).body.url).toBeDefined();
    // ...then the second one gives all of them.
    for (let index = 0; index < 19; index += 1) {
      expect((await register(second, `second.${index}@example.com`)).body.url).toBeDefined();
    }
    // What the first instance saw is stale: these go on the waiting list, not into 3 seats.
    const late = await Promise.all(
      [1, 2, 3].map((index) => register(first, `late.${index}@example.com`)),
    );
    expect(late.map((answer) => [answer.status, answer.body.waitingList])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(await seatsInTheLog(first)).toBe(20);
    // And once it knows the slot is full, it goes on deciding from that, correctly.
    expect((await register(first, 'later@example.com')).body.waitingList).toBe(true);
    const [capacity] = (await first.dataSource.query(
      `SELECT held, waiting_list FROM slot_capacity WHERE event = 'bucharest' AND time = $1`,
      [OPEN_SLOT],
    )) as { held: number; waiting_list: number }[];
    expect(capacity).toEqual({ held: 20, waiting_list: 4 });
  });

  it('is refused when the email registered through another process meanwhile', async () => {
    const [first, second] = instances.apps;
    expect((await register(first, 'known@example.com')).status).toBe(200);
    expect((await register(second, 'twice@example.com')).status).toBe(200);
    const again = await register(first, 'twice@example.com');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'You have already registered for this event with this email address.',
    });
  });

  it('leaves read models that a rebuild gives again', async () => {
    const [first] = instances.apps;
    const live = await snapshotReadModels(first.dataSource);
    await rebuildProjections(first.dataSource, Catalogue.load());
    expect(await snapshotReadModels(first.dataSource)).toEqual(live);
  });
});

describe('the first batch of a process that has served the capacity', () => {
  const instances = appsOnOwnDatabase();

  it('is decided from that answer, checked under the lock, in one round trip', async () => {
    const [app] = instances.apps;
    const cache = app.app.get(CapacityCache);
    for (let tries = 0; !cache.enabled && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cache.enabled).toBe(true);
    expect((await request(app.url, 'GET', '/api/capacity')).status).toBe(200);
    expect(cache.seats('bucharest', OPEN_SLOT)).toEqual({ seatLimit: 20, seatsTaken: 0 });

    const store = app.app.get(RegistrationStore);
    const writes = jest.spyOn(store, 'appendNewRegistrations');
    try {
      expect((await register(app, 'first@example.com')).body.url).toBeDefined();
      // One transaction, without the lock-and-read first: the check did it.
      expect(writes.mock.calls.map(([options]) => options.locked === undefined)).toEqual([true]);
    } finally {
      writes.mockRestore();
    }
    // The registration moved the answer on: it is no longer served from memory.
    expect(cache.seats('bucharest', OPEN_SLOT)).toBeUndefined();
  });
});

describe('lock_slot_if_unchanged()', () => {
  const instances = appsOnOwnDatabase();
  beforeAll(() => register(instances.apps[0], 'taken@example.com'));

  const check = (candidates: number, seatsGiven: number, taken: string[], keys = taken) =>
    instances.apps[0].dataSource.transaction((manager) =>
      manager.query('SELECT lock_slot_if_unchanged($1, $2, $3, $4::text[], $5, $6, $7::text[])', [
        'bucharest',
        OPEN_SLOT,
        20,
        keys,
        candidates,
        seatsGiven,
        taken,
      ]),
    );

  it('passes when the seats to give and the emails taken are as assumed', async () => {
    await expect(check(3, 3, [], ['a@example.com'])).resolves.toBeDefined();
    await expect(check(25, 19, [])).resolves.toBeDefined();
    await expect(check(1, 1, ['taken@example.com'])).resolves.toBeDefined();
  });

  it('refuses with serialization_failure otherwise', async () => {
    await expect(check(25, 20, [])).rejects.toMatchObject({ driverError: { code: '40001' } });
    await expect(check(1, 1, [], ['taken@example.com'])).rejects.toMatchObject({
      driverError: { code: '40001' },
    });
  });
});

describe('appending to a registration as the caller knows it', () => {
  const instances = appsOnOwnDatabase();

  it('writes in one go when the registration is as known, and reads it again when not', async () => {
    const [app] = instances.apps;
    const answer = await register(app, 'known.state@example.com');
    const id = answer.body.registrationId!;
    const store = app.app.get(RegistrationStore);
    const loaded = await loadRegistration(app.dataSource.manager, id);
    // Created, then its checkout session opened: version 2.
    expect(loaded.version).toBe(2);

    // Known as just created (version 1): stale, so decided again from version 2.
    const seen: RegistrationState[] = [];
    const stale = replay([loaded.history[0].event])!;
    await store.appendKnowing(
      { registrationId: id, state: stale, version: 1 },
      (state) => {
        seen.push(state);
        return setDreamCaptured(state, true);
      },
      { actor: 'admin' },
    );
    expect(seen).toEqual([stale, loaded.state]);

    // Known as it is (version 3): one pipelined transaction, decided once.
    const current = await loadRegistration(app.dataSource.manager, id);
    expect(current.version).toBe(3);
    seen.length = 0;
    const [paid] = await store.appendKnowing(
      { registrationId: id, state: current.state!, version: 3 },
      (state) => {
        seen.push(state);
        return setPaidFlag(state, true);
      },
      { actor: 'admin' },
    );
    expect(seen).toEqual([current.state]);
    expect(paid.recorded).toMatchObject({ streamVersion: 4, type: 'PaidFlagSet' });

    const [row] = (await app.dataSource.query(
      `SELECT paid, dreamed_captured, version, last_position::int AS last_position
         FROM registration_view WHERE id = $1`,
      [id],
    )) as Record<string, unknown>[];
    expect(row).toEqual({
      paid: true,
      dreamed_captured: true,
      version: 4,
      last_position: paid.recorded.globalPosition,
    });
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, Catalogue.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
