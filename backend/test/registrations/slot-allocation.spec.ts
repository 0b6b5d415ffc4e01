import { randomUUID } from 'node:crypto';
import { LiveTour } from '../../src/tour/live-tour';
import { setDreamCaptured, editDream } from '../../src/registrations/domain/operator-decisions';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import {
  loadRegistration,
  newRegistration,
  RegistrationStore,
  RegistrationTransaction,
} from '../../src/registrations/registration-store';
import { SlotLimitBelowSeatsTakenError } from '../../src/seat-ledger/slot-limits';
import { slotLockKey } from '../../src/seat-ledger/slot-lock';
import { registrationStreamId } from '../../src/registrations/domain/registration-events';
import { Client } from 'pg';
import { syncSlotLimits } from '../../src/tour/projections/rebuild-tour-read-model';
import { ConcurrencyError } from '../../src/event-store/concurrency-error';

import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';
import { snapshotReadModels, storedEvents } from '../read-models';
import { catalogueWithSeats } from '../test-tour';

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

describe('seats decided by two processes on one database', () => {
  const instances = appsOnOwnDatabase([{}, {}]);

  it('never gives a seat another process gave meanwhile', async () => {
    const [first, second] = instances.apps;
    // The first instance sees the slot with 19 seats left...
    expect((await register(first, 'early@example.com')).body.url).toBeDefined();
    // ...then the second one gives all of them.
    for (let index = 0; index < 19; index += 1) {
      expect((await register(second, `second.${index}@example.com`)).body.url).toBeDefined();
    }
    // The first instance decides from the slot as it is under the lock: waiting list.
    const late = await Promise.all(
      [1, 2, 3].map((index) => register(first, `late.${index}@example.com`)),
    );
    expect(late.map((answer) => [answer.status, answer.body.waitingList])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
    expect(await seatsInTheLog(first)).toBe(20);
    expect((await register(first, 'later@example.com')).body.waitingList).toBe(true);
    const [capacity] = (await first.dataSource.query(
      `SELECT held, waiting_list FROM slot_capacity WHERE event = 'bucharest' AND time = $1`,
      [OPEN_SLOT],
    )) as { held: number; waiting_list: number }[];
    expect(capacity).toEqual({ held: 20, waiting_list: 4 });
  });

  it("decides in one transaction everyone who arrived while another process held the slot's lock", async () => {
    const [first] = instances.apps;
    const other = new Client({ connectionString: instances.database.url });
    await other.connect();
    try {
      // Another process's transaction holds the slot's lock.
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        slotLockKey('bucharest', OPEN_SLOT),
      ]);
      const answers: Promise<Awaited<ReturnType<typeof register>>>[] = [];
      const waitingForTheLock = async () => {
        const [row] = (
          await other.query(`SELECT count(*)::int AS waiting FROM pg_locks
                              WHERE locktype = 'advisory' AND NOT granted
                                AND database = (SELECT oid FROM pg_database
                                                 WHERE datname = current_database())`)
        ).rows as { waiting: number }[];
        return row.waiting;
      };
      // The first arrival's batch waits for the lock; the others arrive one by one meanwhile.
      answers.push(register(first, 'queued.0@example.com'));
      for (let waited = 0; (await waitingForTheLock()) === 0 && waited < 100; waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (let index = 1; index < 8; index += 1) {
        answers.push(register(first, `queued.${index}@example.com`));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const settled = await Promise.all(answers);
      expect(settled.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      const [{ transactions }] = (await first.dataSource.query(
        `SELECT count(DISTINCT xmin::text)::int AS transactions FROM events
          WHERE type = 'RegistrationCreated' AND stream_id = ANY($1)`,
        [settled.map((answer) => registrationStreamId(answer.body.registrationId!))],
      )) as { transactions: number }[];
      expect(transactions).toBe(1);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await other.end();
    }
  });

  it('refuses an email registered through another process', async () => {
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
    await rebuildProjections(first.dataSource, LiveTour.load());
    expect(await snapshotReadModels(first.dataSource)).toEqual(live);
  });
});

describe('the database under the domain', () => {
  const instances = appsOnOwnDatabase();

  const seat = (id: string, time = OPEN_SLOT): RegistrationEvent[] => [
    {
      type: 'RegistrationCreated',
      data: {
        registrationId: id,
        event: 'bucharest',
        time,
        locale: 'en',
        dreamedCaptured: false,
        placement: 'seat',
        holdExpiresAt: '2030-01-01T10:00:00.000Z',
        name: 'Around the domain',
        email: `${id}@example.com`,
        whatsapp: '+40 700 000 000',
        dream: 'A dream written straight into the store, without asking the domain first.',
      },
    },
  ];

  async function slotRow(app: TestApp) {
    const [row] = (await app.dataSource.query(
      `SELECT seat_limit, seats_taken, held FROM slot_capacity
        WHERE event = 'bucharest' AND time = $1`,
      [OPEN_SLOT],
    )) as { seat_limit: number; seats_taken: number; held: number }[];
    return row;
  }

  it('refuses a seat written around the domain into a full slot, and writes nothing', async () => {
    const [app] = instances.apps;
    for (let index = 0; index < 20; index += 1) {
      expect((await register(app, `full.${index}@example.com`)).body.url).toBeDefined();
    }
    expect(await slotRow(app)).toEqual({ seat_limit: 20, seats_taken: 20, held: 20 });
    const store = app.app.get(RegistrationStore);
    const id = randomUUID();
    // No lock, no decision: a RegistrationCreated with a seat, appended as is.
    await expect(
      store.transaction((tx) =>
        store.append(tx, newRegistration(id), seat(id), { actor: 'system' }),
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    expect(await storedEvents(app.dataSource, `registration-${id}`)).toEqual([]);
    expect(await slotRow(app)).toEqual({ seat_limit: 20, seats_taken: 20, held: 20 });
  });

  it("refuses an oversell by any statement, an operator's hand-made one included", async () => {
    const [app] = instances.apps;
    await expect(
      app.dataSource.query(
        `UPDATE slot_capacity SET seats_taken = seats_taken + 1
          WHERE event = 'bucharest' AND time = $1`,
        [OPEN_SLOT],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await expect(
      app.dataSource.query(
        `UPDATE slot_capacity SET seat_limit = 19 WHERE event = 'bucharest' AND time = $1`,
        [OPEN_SLOT],
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
    await expect(syncSlotLimits(app.dataSource, catalogueWithSeats(5))).rejects.toBeInstanceOf(
      SlotLimitBelowSeatsTakenError,
    );
    expect(await slotRow(app)).toEqual({ seat_limit: 20, seats_taken: 20, held: 20 });
  });

  it('refuses a seat in a slot it has no seats for', async () => {
    const [app] = instances.apps;
    const store = app.app.get(RegistrationStore);
    const id = randomUUID();
    await expect(
      store.transaction((tx) =>
        store.append(tx, newRegistration(id), seat(id, 'Never - 0:00am'), { actor: 'system' }),
      ),
    ).rejects.toMatchObject({ driverError: { code: '23514' } });
  });

  it('refuses an append decided from a version the stream has moved past', async () => {
    const [app] = instances.apps;
    const store = app.app.get(RegistrationStore);
    const id = (await register(app, 'versions@example.com')).body.registrationId!;
    const stale = await loadRegistration(app.dataSource.manager, id);
    await store.transaction(async (tx) =>
      store.append(tx, await store.load(tx, id), editDream(stale.state, 'A newer dream.'), {
        actor: 'admin',
      }),
    );
    await expect(
      app.dataSource.transaction((manager) =>
        store.append(
          new RegistrationTransaction(manager),
          stale,
          setDreamCaptured(stale.state, true),
          {
            actor: 'admin',
          },
        ),
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
