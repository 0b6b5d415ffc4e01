import { randomUUID } from 'node:crypto';
import { LiveTour } from '../../src/tour/live-tour';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import { registrationStreamId } from '../../src/registrations/domain/registration-events';
import { shredPersonalDataKey } from '../../src/personal-data/personal-data-vault';
import { newRegistration, RegistrationStore } from '../../src/registrations/registration-store';
import {
  rebuildPhases,
  rebuildProjections,
} from '../../src/registrations/projections/rebuild-projections';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';
import { snapshotReadModels } from '../read-models';
import { tableShapeOf } from '../database/table-shape';

describe('rebuilding the read models from the log', () => {
  let app: TestApp;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
  });

  it('gives exactly the rows the live projection gave', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 26; index += 1) {
      const response = await request<{ registrationId: string }>(
        app.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({
          email: `mixed-${index}@example.com`,
          locale: ['en', 'it', 'ro'][index % 3],
        }),
      );
      expect(response.status).toBe(200);
      ids.push(response.body.registrationId);
    }
    for (const id of ids.slice(0, 5)) {
      const shared = await request(app.url, 'POST', `/api/registrations/${id}/dreams`, {
        dream: 'The sea was a staircase and I climbed it.',
      });
      expect(shared.status).toBe(201);
    }
    const live = await snapshotReadModels(app.dataSource);
    const shape = await tableShapeOf(app.dataSource, 'registration_view');
    const result = await rebuildProjections(app.dataSource, LiveTour.load());
    expect(result.events).toBeGreaterThanOrEqual(26 + 20 + 5);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    // Its indexes and constraints were dropped for the bulk write and built again after it.
    expect(await tableShapeOf(app.dataSource, 'registration_view')).toEqual(shape);
    expect(shape.join('\n')).toMatch(/PRIMARY KEY \(id\)/);
  });

  it('gives the live rows for every kind of event, erased data and a slot gone from the catalogue', async () => {
    const store = app.app.get(RegistrationStore);
    const record = async (id: string, events: RegistrationEvent[]): Promise<void> => {
      await store.transaction(async (tx) => {
        const loaded = await store.load(tx, id);
        await store.append(tx, loaded, events, { actor: 'system' });
      });
    };
    const created = (
      id: string,
      placement: 'seat' | 'waiting-list',
      slot = { event: 'bucharest', time: 'Oct 31 - 9:00pm' },
    ): RegistrationEvent => ({
      type: 'RegistrationCreated',
      data: {
        registrationId: id,
        ...slot,
        locale: 'ro',
        dreamedCaptured: false,
        placement,
        holdExpiresAt: placement === 'seat' ? '2030-01-01T10:00:00.000Z' : null,
        name: `Name ${id.slice(0, 4)}`,
        email: `${id}@Example.com`,
        whatsapp: '+40 700 000 000',
        dream: 'A long dream about a lighthouse that walked into the sea and came back as a boat.',
      },
    });
    const paid = (id: string, sessionId: string): RegistrationEvent => ({
      type: 'PaymentConfirmed',
      data: {
        registrationId: id,
        sessionId,
        paymentIntentId: `pi_${sessionId}`,
        amountMinor: 3500,
        currency: 'RON',
        providerEventId: `evt_${sessionId}`,
        seat: 'held',
      },
    });
    // A slot of its own, outside the tour, with seats: the database refuses seats beyond them.
    await app.dataSource.query(
      `INSERT INTO slot_capacity (event, time, seat_limit) VALUES ('bucharest', 'Oct 31 - 9:00pm', 20)`,
    );
    const ids = Array.from({ length: 8 }, () => randomUUID());
    const [payer, refunded, expired, waiter, deleted, shredded, editor, gone] = ids;
    await record(payer, [created(payer, 'seat')]);
    await record(payer, [
      {
        type: 'CheckoutSessionOpened',
        data: {
          registrationId: payer,
          provider: 'sandbox',
          sessionId: 'cs_payer',
          url: 'http://localhost/pay',
          expiresAt: '2030-01-01T10:30:00.000Z',
        },
      },
    ]);
    await record(payer, [
      paid(payer, 'cs_payer'),
      { type: 'PaidFlagSet', data: { registrationId: payer, paid: false } },
    ]);
    await record(refunded, [created(refunded, 'seat'), paid(refunded, 'cs_refunded')]);
    await record(refunded, [
      {
        type: 'PaymentRefunded',
        data: {
          registrationId: refunded,
          paymentIntentId: 'pi_cs_refunded',
          amountMinor: 3500,
          currency: 'RON',
          reason: 'late',
          providerEventId: 'evt_refund',
        },
      },
    ]);
    await record(expired, [created(expired, 'seat')]);
    await record(expired, [
      {
        type: 'CheckoutExpired',
        data: { registrationId: expired, sessionId: null, reason: 'hold lapsed' },
      },
    ]);
    await record(waiter, [created(waiter, 'waiting-list')]);
    await record(waiter, [
      { type: 'WaitlistConfirmed', data: { registrationId: waiter } },
      { type: 'DreamCapturedSet', data: { registrationId: waiter, dreamedCaptured: true } },
    ]);
    await record(deleted, [created(deleted, 'seat')]);
    await record(deleted, [{ type: 'RegistrationDeleted', data: { registrationId: deleted } }]);
    // An event after the deletion finds no row, live and in a rebuild alike.
    await record(deleted, [{ type: 'PaidFlagSet', data: { registrationId: deleted, paid: true } }]);
    await record(shredded, [created(shredded, 'waiting-list')]);
    await record(shredded, [{ type: 'RegistrationDeleted', data: { registrationId: shredded } }]);
    await store.transaction((tx) =>
      shredPersonalDataKey(tx.manager, registrationStreamId(shredded)),
    );
    await record(editor, [created(editor, 'seat')]);
    await record(editor, [
      {
        type: 'DreamEdited',
        // Lines, a tab and a backslash, as a dream may hold them: written back as they were.
        data: {
          registrationId: editor,
          dream: 'Edited: the staircase went down.\nThen up\tagain, \\ and again.',
        },
      },
      {
        type: 'DreamShared',
        data: { registrationId: editor, dreamId: randomUUID(), dream: 'Shared!' },
      },
      { type: 'CheckoutFailed', data: { registrationId: editor, reason: 'provider down' } },
    ]);
    await record(gone, [
      created(gone, 'waiting-list', { event: 'atlantis', time: 'Never - 0:00am' }),
    ]);

    const live = await snapshotReadModels(app.dataSource);
    const result = await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    expect(result.registrations).toBeGreaterThanOrEqual(ids.length - 2);
    const [atlantis] = await app.dataSource.query(
      `SELECT seat_limit, waiting_list FROM slot_capacity WHERE event = 'atlantis'`,
    );
    expect(atlantis).toEqual({ seat_limit: 0, waiting_list: 1 });
    const rows: { id: string }[] = await app.dataSource.query(
      'SELECT id FROM registration_view WHERE id = ANY($1::uuid[])',
      [[deleted, shredded]],
    );
    expect(rows).toEqual([]);
  });

  it('replays thousands of events in bulk to the same rows, and says where the time went', async () => {
    const store = app.app.get(RegistrationStore);
    const count = 400;
    // Slots outside the tour, with seats of their own: the database refuses seats beyond them.
    await app.dataSource.query(
      `INSERT INTO slot_capacity (event, time, seat_limit)
       SELECT 'bucharest', 'Bulk ' || n, 1000 FROM generate_series(0, 6) AS n`,
    );
    for (let start = 0; start < count; start += 100) {
      await store.transaction(async (tx) => {
        for (let index = start; index < start + 100; index += 1) {
          const id = randomUUID();
          await store.append(
            tx,
            newRegistration(id),
            [
              {
                type: 'RegistrationCreated',
                data: {
                  registrationId: id,
                  event: 'bucharest',
                  time: `Bulk ${index % 7}`,
                  locale: 'en',
                  dreamedCaptured: index % 2 === 0,
                  placement: index % 3 === 0 ? 'waiting-list' : 'seat',
                  holdExpiresAt: index % 3 === 0 ? null : '2030-01-01T10:00:00.000Z',
                  email: `bulk-${index}@example.com`,
                },
              },
              ...(index % 5 === 0
                ? [{ type: 'CheckoutFailed' as const, data: { registrationId: id, reason: 'x' } }]
                : []),
            ],
            { actor: 'system' },
          );
        }
      });
    }
    const live = await snapshotReadModels(app.dataSource);
    const started = performance.now();
    const result = await rebuildProjections(app.dataSource, LiveTour.load());
    const seconds = (performance.now() - started) / 1000;
    expect(result.events).toBeGreaterThanOrEqual(count);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
    // Where the time went (the bench prints it; its speed is the bench's to measure): every
    // phase timed, together within the rebuild's own time.
    const phases = Object.values(result.seconds);
    expect(phases).toHaveLength(4);
    for (const phase of phases) expect(phase).toBeGreaterThan(0);
    expect(phases.reduce((sum, phase) => sum + phase, 0)).toBeLessThanOrEqual(seconds);
    expect(rebuildPhases(result)).toMatch(
      /^preparing \d+\.\d{2} s, reading and folding \d+\.\d{2} s, writing rows \d+\.\d{2} s, building indexes \d+\.\d{2} s$/,
    );
  });
});
