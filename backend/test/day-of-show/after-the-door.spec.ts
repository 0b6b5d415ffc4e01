import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LiveTour } from '../../src/tour/live-tour';
import { OPEN_SLOT } from '../http';
import { adminRequest, login, register } from '../admin/admin-client';
import { openLivePositions } from '../admin/live-positions';
import { readyOperator } from '../operators/operator-client';
import { snapshotReadModels, storedEvents } from '../read-models';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { testTour } from '../test-tour';
import { waitFor } from '../wait-for';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { doorHandleOf } from '../../src/registrations/domain/door-handle';
import { signLinkToken } from '../../src/notifications/visitor-links';
import { slotDay } from '../../src/day-of-show/tickets/ticket-code';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import {
  giveDoorHandles,
  recordSeatNumbersOfAnOldLog,
} from '../../src/database/migrations/1732000003000-seat-numbers-and-door-handles';

const SLOT = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
const OTHER_SLOT = 'Oct 19 - 7:00pm';
const LINK_SECRET = 'after-the-door-link-secret-0123456789abcdef';
/** Long enough for everything before the start, on a slow machine shared by others. */
const STARTS_IN_MS = 180_000;

/** The tests' tour with the open slot starting soon: today, so its day is the door's day. */
function startingSoon(): LiveTour {
  const tour = testTour();
  for (const event of tour.events) {
    for (const slot of event.slots) {
      if (slot.time === OPEN_SLOT) {
        slot.startsAt = new Date(Date.now() + STARTS_IN_MS).toISOString();
      }
    }
  }
  return new LiveTour(tour);
}

interface DoorSeat {
  handle: string;
  shortId: string;
  name: string;
  seat: number;
  state: string;
  checkedInAt: string | null;
}

interface DoorList {
  seated: DoorSeat[];
  waitingList: { handle: string; shortId: string }[];
  revoked: { handle: string }[];
}

describe('after the door: a booking whose life stays true once the evening begins', () => {
  let app: TestApp;
  let catalogue: LiveTour;
  let startsAt: Date;
  let owner: string;
  let lateHolder: string;
  let startedSeat: string;
  let lateOffer: string;

  // The slot's few seconds start once the database is there, just before the app starts.
  const ours = appsOnOwnDatabase(() => {
    catalogue = startingSoon();
    startsAt = catalogue.startOf('bucharest', OPEN_SLOT)!;
    return [
      {
        env: {
          CANCELLATION_TOKEN_SECRET: LINK_SECRET,
          CANCELLATION_CLOSES_HOURS_BEFORE: '0',
          REGISTRATION_CLOSES_MINUTES_BEFORE: '0',
        },
        catalogue,
      },
    ];
  });

  beforeAll(async () => {
    app = ours.app;
    owner = await login(app.url);
    // Two bookings for after the start, made while the slot still takes registrations.
    lateHolder = (await register(app.url, { name: 'Late Holder' })).id;
    startedSeat = await paidSeat('Started Seat');
    lateOffer = await offeredSeat('Late Offer');
  });

  const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    adminRequest<T>(app.url, owner, method, path, body);

  /** A public route as a visitor's browser calls it: no cookie. */
  const visitor = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null };
  };

  async function paidSeat(name: string): Promise<string> {
    const { id } = await register(app.url, { name });
    expect(
      (await admin('PATCH', `/api/admin/registrations/${id}/paid`, { paid: true })).status,
    ).toBe(200);
    return id;
  }

  /**
   * A seat offered from the waiting list, unpaid: the slot held to its seats taken, one more
   * person waiting, the seats given back and the offer pass run (the workers are off in tests).
   */
  async function offeredSeat(name: string): Promise<string> {
    const capacity = await visitor('GET', '/api/capacity');
    const slot = (
      capacity.body as Record<string, Record<string, { registered: number; limit: number }>>
    ).bucharest[OPEN_SLOT];
    const setCapacity = async (seats: number) =>
      expect((await admin('PATCH', SLOT, { capacity: seats })).status).toBe(200);
    await setCapacity(slot.registered);
    const { id } = await register(app.url, { name });
    expect((await adminRow(id))?.status).toBe('waiting');
    await setCapacity(slot.limit);
    expect((await app.app.get(WaitingListOfferWorker).runOnce()).offered).toBe(1);
    expect((await adminRow(id))?.status).toBe('offered');
    return id;
  }

  const checkIn = (body: Record<string, unknown>) =>
    admin<Record<string, unknown>>('POST', '/api/admin/check-ins', {
      event: 'bucharest',
      time: OPEN_SLOT,
      ...body,
    });

  const doorList = async () => (await admin<DoorList>('GET', `${SLOT}/door`)).body;

  /** Each visitor request refused 409 `past-the-door` for `reason`, in words matching `message`. */
  async function refusedPastTheDoor(
    requests: readonly (readonly [string, string, unknown])[],
    reason: 'checked-in' | 'started',
    message: RegExp,
  ): Promise<void> {
    for (const [method, path, body] of requests) {
      const refused = await visitor(method, path, body);
      expect({ path, status: refused.status }).toEqual({ path, status: 409 });
      expect(refused.body).toMatchObject({
        statusCode: 409,
        code: 'past-the-door',
        reason,
        message: expect.stringMatching(message),
      });
    }
  }

  async function registrationEvents(id: string): Promise<string[]> {
    const rows: { type: string }[] = await storedEvents(app.dataSource, `registration-${id}`);
    return rows.map((row) => row.type);
  }

  async function adminRow(id: string) {
    const rows = await admin<{
      registrations: { id: string; seat: number | null; status: string }[];
    }>('GET', '/api/admin/registrations');
    return rows.body.registrations.find((row) => row.id === id);
  }

  it("refuses the visitor's own changes once checked in, in words; the booking page says why; an operator still cancels, with a reason", async () => {
    const id = await paidSeat('Ioana Checked');
    const token = signLinkToken(LINK_SECRET, 'cancel', id);
    const booking = `/api/registrations/cancel/booking?token=${encodeURIComponent(token)}`;
    expect((await visitor('GET', booking)).body).toMatchObject({
      status: 'paid',
      cancellationOpen: true,
      pastTheDoor: null,
    });

    expect((await checkIn({ handle: doorHandleOf(id), device: 'Door 1' })).status).toBe(200);
    expect((await visitor('GET', booking)).body).toMatchObject({
      status: 'paid',
      cancellationOpen: false,
      pastTheDoor: 'checked-in',
    });
    const before = await registrationEvents(id);
    await refusedPastTheDoor(
      [
        ['POST', '/api/registrations/cancel', { token }],
        ['POST', `/api/registrations/${id}/give-back`, undefined],
        ['POST', `/api/registrations/${id}/dreams`, { dream: 'One more dream, after the door.' }],
      ],
      'checked-in',
      /let in at the door/,
    );
    expect(await registrationEvents(id)).toEqual(before);
    // Still seated and in: the door list and its counts keep them.
    expect(
      (await doorList()).seated.find((seat) => seat.handle === doorHandleOf(id)),
    ).toMatchObject({ state: 'checked-in' });

    const noReason = await admin('POST', `/api/admin/registrations/${id}/cancel`, {
      refund: false,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ errors: [expect.objectContaining({ field: 'reason' })] });
    const note = 'Felt unwell and went home before the start.';
    const cancelled = await admin('POST', `/api/admin/registrations/${id}/cancel`, {
      refund: false,
      reason: note,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', seat: null });
    const history = await admin<{ events: { type: string; payload: Record<string, unknown> }[] }>(
      'GET',
      `/api/admin/registrations/${id}/history`,
    );
    expect(
      history.body.events.find((entry) => entry.type === 'RegistrationCancelled'),
    ).toMatchObject({ payload: { by: 'operator', refund: false, cancellationNote: note } });
    // The reason is sealed with the person's data: an erasure takes it too.
    const stored = (
      await storedEvents(app.dataSource, `registration-${id}`, 'RegistrationCancelled')
    ).map(({ data }) => ({ data }));
    expect(JSON.stringify(stored)).not.toContain('unwell');
  });

  it("refuses paying for an offer from its email's link once its person is let in (the seat paid at the box office), in words, and opens no payment page", async () => {
    const token = signLinkToken(LINK_SECRET, 'offer', lateOffer);
    expect(
      (await admin('PATCH', `/api/admin/registrations/${lateOffer}/paid`, { paid: true })).status,
    ).toBe(200);
    expect((await checkIn({ handle: doorHandleOf(lateOffer), device: 'Door 1' })).status).toBe(200);
    const before = await registrationEvents(lateOffer);
    await refusedPastTheDoor(
      [['POST', '/api/registrations/offer/checkout', { token }]],
      'checked-in',
      /let in at the door/,
    );
    expect(await registrationEvents(lateOffer)).toEqual(before);
  });

  it('gives each seat a number once, as a fact: a cancellation ahead moves nobody, and the freed number goes to the next person seated', async () => {
    const [first, second, third] = [
      await paidSeat('Ana Primul'),
      await paidSeat('Bogdan Doilea'),
      await paidSeat('Cezar Treilea'),
    ];
    const seats = async () =>
      Object.fromEntries(
        (await doorList()).seated.map((seat) => [seat.handle, seat.seat] as [string, number]),
      );
    const numbers = await seats();
    const [a, b, c] = [first, second, third].map((id) => numbers[doorHandleOf(id)]);
    expect(new Set([a, b, c]).size).toBe(3);
    for (const [id, seat] of [
      [first, a],
      [second, b],
      [third, c],
    ] as const) {
      expect(await registrationEvents(id)).toContain('SeatNumbered');
      expect((await adminRow(id))?.seat).toBe(seat);
    }
    const letIn = await checkIn({ handle: doorHandleOf(third) });
    expect(letIn.body).toMatchObject({ seat: c });
    const sheetBefore = await admin<{ dreams: { registrationId: string; seat: number }[] }>(
      'GET',
      `${SLOT}/dreams`,
    );

    // A cancellation ahead of them (the first, before the door: no reason needed).
    expect(
      (await admin('POST', `/api/admin/registrations/${first}/cancel`, { refund: false })).status,
    ).toBe(200);
    const after = await seats();
    expect(after[doorHandleOf(second)]).toBe(b);
    expect(after[doorHandleOf(third)]).toBe(c);
    expect(after[doorHandleOf(first)]).toBeUndefined();
    const sheetAfter = await admin<{ dreams: { registrationId: string; seat: number }[] }>(
      'GET',
      `${SLOT}/dreams`,
    );
    const sheetSeat = (sheet: typeof sheetAfter, id: string) =>
      sheet.body.dreams.find((dream) => dream.registrationId === id)?.seat;
    expect(sheetSeat(sheetAfter, second)).toBe(sheetSeat(sheetBefore, second));
    expect(sheetSeat(sheetAfter, third)).toBe(c);
    expect((await adminRow(third))?.seat).toBe(c);

    // The freed number is the lowest free one: the next person seated takes it.
    const next = await paidSeat('Dana Următoarea');
    const lowestFree = Math.min(
      ...[...Array(Object.keys(after).length + 1).keys()]
        .map((index) => index + 1)
        .filter((seat) => !Object.values(after).includes(seat)),
    );
    expect((await seats())[doorHandleOf(next)]).toBe(lowestFree);
    expect(lowestFree).toBeLessThanOrEqual(a);

    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, catalogue);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it("believes a device clock only within the slot's day: 1970 and next year record the server's time", async () => {
    const tz = catalogue.findEvent('bucharest')!.timeZone;
    const day = slotDay(startsAt, tz);
    const recorded = async (deviceTime: string) => {
      const id = await paidSeat('Clock Person');
      const sent = Date.now();
      const answer = await checkIn({ handle: doorHandleOf(id), deviceTime, device: 'Old phone' });
      expect(answer.status).toBe(200);
      return { at: Date.parse(answer.body.checkedInAt as string), sent };
    };
    for (const deviceTime of [
      '1970-01-01T00:00:00Z',
      new Date(Date.now() + 365 * 86_400_000).toISOString(),
    ]) {
      const { at, sent } = await recorded(deviceTime);
      expect(at).toBeGreaterThanOrEqual(sent - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    // Within the day (and not ahead of the server): the device's own time, as queued offline.
    const within = new Date(Math.max(Date.now() - 60_000, day.from.getTime())).toISOString();
    const { at } = await recorded(within);
    expect(at).toBe(Date.parse(within));
  });

  it('hands the door no capability: no id the door API returns opens any public route', async () => {
    const seated = await paidSeat('Sorina Capabilă');
    const held = (await register(app.url, { name: 'Horia Neplătit' })).id;
    const answered: unknown[] = [await doorList()];
    answered.push((await checkIn({ handle: doorHandleOf(seated) })).body);
    answered.push((await checkIn({ handle: doorHandleOf(seated) })).body); // the 409
    const ids = new Set<string>();
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && /(^id$|Id$|handle)/i.test(key)) ids.add(value);
      else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
      else if (value && typeof value === 'object') {
        for (const [name, item] of Object.entries(value)) collect(item, name);
      }
    };
    answered.forEach((answer) => collect(answer));
    expect(ids.size).toBeGreaterThan(2);

    // Every public operation the app documents (no permission, no operator session).
    const document = JSON.parse(
      readFileSync(join(__dirname, '../../../openapi/openapi.json'), 'utf8'),
    ) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
            'x-permissions'?: unknown;
            'x-any-operator'?: unknown;
          }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .filter(([, operation]) => !operation['x-permissions'] && !operation['x-any-operator'])
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
    expect(operations.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/registrations/{id}', '/api/registrations/{id}/give-back']),
    );
    const bodyFields = (operation: (typeof operations)[number]['operation']) => {
      const reference = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = reference ? document.components.schemas[reference.split('/').pop()!] : {};
      return Object.keys(schema?.properties ?? {});
    };
    const countEvents = async () =>
      (
        await app.dataSource.query(
          `SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'registration-%'`,
        )
      )[0].n as number;
    const eventsBefore = await countEvents();
    const personal = ['Sorina', 'Horia', '@example.com', '+40'];
    const opened: string[] = [];
    for (const value of ids) {
      for (const { method, path, operation } of operations) {
        const query = new URLSearchParams();
        let url = path;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'path')
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
          if (parameter.in === 'query') query.set(parameter.name, value);
        }
        const fields = bodyFields(operation);
        const body =
          method === 'GET' ? undefined : Object.fromEntries(fields.map((field) => [field, value]));
        const answer = await visitor(method, `${url}${query.size ? `?${query}` : ''}`, body);
        if (answer.status >= 500) opened.push(`${method} ${path}: ${answer.status}`);
        const leaks = personal.filter((word) => answer.text.includes(word));
        if (answer.status < 300 && leaks.length > 0) opened.push(`${method} ${path}: ${leaks}`);
      }
    }
    expect(opened).toEqual([]);
    // And no effect: no registration changed (the unpaid hold is still held).
    expect(await countEvents()).toBe(eventsBefore);
    expect((await adminRow(held))?.status).toBe('held');
  });

  it('numbers the seated people of a log written before numbers were facts as they were shown, and a rebuild gives the same', async () => {
    // Two people seated in another slot as an older release recorded them: no SeatNumbered.
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [index, id] of ids.entries()) {
      await app.dataSource.query(
        `INSERT INTO events (stream_id, stream_version, type, schema_version, data, metadata)
         VALUES ($1, 1, 'RegistrationCreated', 1, $2, '{"actor":"visitor"}'),
                ($1, 2, 'PaidFlagSet', 2, $3, '{"actor":"admin"}')`,
        [
          `registration-${id}`,
          {
            registrationId: id,
            event: 'bucharest',
            time: OTHER_SLOT,
            locale: 'en',
            dreamedCaptured: false,
            placement: 'seat',
            holdExpiresAt: new Date(Date.now() + (index + 1) * 60_000).toISOString(),
          },
          { registrationId: id, paid: true, holdExpiresAt: null },
        ],
      );
    }
    await rebuildProjections(app.dataSource, catalogue);
    const unnumbered: { seat_number: number | null }[] = await app.dataSource.query(
      'SELECT seat_number FROM registration_view WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(unnumbered.map((row) => row.seat_number)).toEqual([null, null]);

    await recordSeatNumbersOfAnOldLog(app.dataSource);
    const numbered: { id: string; seat_number: number }[] = await app.dataSource.query(
      'SELECT id, seat_number FROM registration_view WHERE id = ANY($1::uuid[]) ORDER BY created_at, id',
      [ids],
    );
    expect(numbered.map((row) => row.seat_number)).toEqual([1, 2]);
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, catalogue);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it("derives the migration's door handles as the fold does", async () => {
    const live = await snapshotReadModels(app.dataSource);
    await app.dataSource.query('UPDATE registration_view SET door_handle = NULL');
    await giveDoorHandles(app.dataSource);
    const rows: { id: string; door_handle: string }[] = await app.dataSource.query(
      'SELECT id, door_handle FROM registration_view',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.door_handle).toBe(doorHandleOf(row.id));
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it("ends the live feed when its operator's role loses the permission, as a suspension does", async () => {
    const operator = await readyOperator(app, owner, 'box-office', 'Bianca Box');
    const live = await openLivePositions(app.url, operator.cookie);
    expect(live.response.status).toBe(200);
    await live.nextPosition();
    const ended = (async () => {
      for (;;) {
        try {
          await live.nextPosition();
        } catch {
          return Date.now();
        }
      }
    })();
    const moved = Date.now();
    expect(
      (await admin('PATCH', `/api/admin/operators/${operator.id}`, { role: 'door' })).status,
    ).toBe(200);
    const endedAt = await Promise.race([
      ended,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 8_000)),
    ]);
    live.close();
    expect(endedAt - moved).toBeLessThan(6_000);
    const again = await fetch(`${app.url}/api/admin/events/live`, {
      headers: { cookie: operator.cookie },
    });
    expect(again.status).toBe(403);
    await again.body?.cancel();
  });

  it("refuses the visitor's own changes once the slot has begun; an operator still cancels, with a reason", async () => {
    const [heldId, paidId] = [lateHolder, startedSeat];
    // The evening comes early: an operator moves the slot to start a moment from now, as the
    // tour editor may, instead of the test waiting out the rest of STARTS_IN_MS.
    startsAt = new Date(Date.now() + 1_000);
    const moved = await admin('PATCH', SLOT, { startsAt: startsAt.toISOString() });
    expect(moved.status).toBe(200);
    await waitFor(async () => (Date.now() > startsAt.getTime() + 50 ? true : undefined), 10_000);
    await refusedPastTheDoor(
      [
        ['POST', `/api/registrations/${heldId}/give-back`, undefined],
        ['POST', `/api/registrations/${heldId}/resume-checkout`, undefined],
        [
          'POST',
          `/api/registrations/${paidId}/dreams`,
          { dream: 'A dream shared after the start.' },
        ],
      ],
      'started',
      /begun/,
    );
    const noReason = await admin('POST', `/api/admin/registrations/${paidId}/cancel`, {
      refund: false,
    });
    expect(noReason.status).toBe(400);
    expect(
      (
        await admin('POST', `/api/admin/registrations/${paidId}/cancel`, {
          refund: false,
          reason: 'Left at the interval.',
        })
      ).status,
    ).toBe(200);
  }, 30_000);
});
