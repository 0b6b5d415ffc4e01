import { A_DREAM, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { adminRequest, login, register } from './admin-client';
import { type StoredEventRow, storedEvents } from '../read-models';

const ANOTHER_DREAM =
  'A lighthouse that blinked in Morse code, spelling the names of every cat I have ever loved, while the sea hummed along.';

describe("the operator's actions, each an event whose actor is the admin", () => {
  let app: TestApp;
  let cookie: string;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
  });

  async function events(registrationId: string): Promise<StoredEventRow[]> {
    return storedEvents(app.dataSource, `registration-${registrationId}`);
  }

  async function sessionId(): Promise<string> {
    const rows: { id: string }[] = await app.dataSource.query('SELECT id FROM admin_sessions');
    expect(rows).toHaveLength(1);
    return rows[0].id;
  }

  it('lists every registration, newest first, with every stored field', async () => {
    const older = await register(app.url, { name: 'Older One', locale: 'it' });
    const newer = await register(app.url, { name: 'Newer One', dreamedCaptured: true });
    const response = await adminRequest<Record<string, unknown>[]>(
      app.url,
      cookie,
      'GET',
      '/api/registrations',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const ids = response.body.map((registration) => registration.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const entry = response.body.find((registration) => registration.id === older.id);
    expect(entry).toEqual({
      id: older.id,
      shortId: `#${older.id.slice(-6).toUpperCase()}`,
      name: 'Older One',
      email: expect.stringMatching(/@example\.com$/),
      whatsapp: '+40 712 345 678',
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
      dreamedCaptured: false,
      dream: A_DREAM,
      waitingList: false,
      paid: false,
      stripeSessionId: null,
      checkoutSessionId: expect.stringMatching(/^cs_/),
      status: 'held',
      listedAs: 'held',
      holdsSeat: true,
      paidBy: null,
      paidToggle: true,
      locale: 'it',
      holdExpiresAt: expect.any(String),
      seat: null,
      sharedDreams: 0,
      door: null,
      checkedInAt: null,
      netPaid: null,
      pendingMove: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 2,
    });
  });

  it('sets the paid flag (PaidFlagSet by the admin) and records nothing when it already is so', async () => {
    const { id } = await register(app.url);
    const set = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/paid`,
      {
        paid: true,
      },
    );
    expect(set.status).toBe(200);
    // The mark, and the seat number it gave.
    expect(set.body).toMatchObject({ id, paid: true, version: 4 });
    const again = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/paid`,
      { paid: true },
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, paid: true, version: 4 });
    const unset = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/paid`,
      { paid: false },
    );
    expect(unset.body).toMatchObject({ paid: false, version: 5, seat: null });

    const recorded = await events(id);
    expect(recorded.map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'PaidFlagSet',
      'SeatNumbered',
      'PaidFlagSet',
    ]);
    expect(recorded[2].data).toEqual({ registrationId: id, paid: true });
    expect(recorded[2].metadata).toEqual({
      actor: 'admin',
      correlationId: expect.any(String),
      adminSessionId: await sessionId(),
      // The password signs in the owner.
      operatorId: 'owner',
    });
    expect(JSON.stringify(recorded[2].metadata)).not.toContain('test-admin-password');
  });

  it('sets the dream-captured flag (DreamCapturedSet)', async () => {
    const { id } = await register(app.url);
    const path = `/api/admin/registrations/${id}/dreamed-captured`;
    const set = await adminRequest(app.url, cookie, 'PATCH', path, { dreamedCaptured: true });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id, dreamedCaptured: true });
    await adminRequest(app.url, cookie, 'PATCH', path, { dreamedCaptured: true });
    const recorded = (await events(id)).filter((event) => event.type === 'DreamCapturedSet');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].data).toEqual({ registrationId: id, dreamedCaptured: true });
    expect(recorded[0].metadata.actor).toBe('admin');
  });

  it('edits the dream (DreamEdited, sealed like every personal field)', async () => {
    const { id } = await register(app.url);
    const path = `/api/admin/registrations/${id}/dream`;
    const edited = await adminRequest(app.url, cookie, 'PATCH', path, {
      dream: `  ${ANOTHER_DREAM}  `,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, dream: ANOTHER_DREAM });
    const same = await adminRequest(app.url, cookie, 'PATCH', path, { dream: ANOTHER_DREAM });
    expect(same.status).toBe(200);
    const recorded = (await events(id)).filter((event) => event.type === 'DreamEdited');
    expect(recorded).toHaveLength(1);
    expect(recorded[0].metadata.actor).toBe('admin');
    expect(JSON.stringify(recorded[0].data)).not.toContain('lighthouse');
    expect(recorded[0].data).toEqual({
      registrationId: id,
      sealedPersonalData: expect.any(String),
    });
  });

  it('validates bodies like every other input', async () => {
    const { id } = await register(app.url);
    const cases: [string, unknown, string][] = [
      ['paid', { paid: 'yes' }, 'paid'],
      ['paid', {}, 'paid'],
      ['paid', { paid: 1 }, 'paid'],
      ['paid', { paid: true, extra: 1 }, 'extra'],
      ['dreamed-captured', { dreamedCaptured: 'true' }, 'dreamedCaptured'],
      ['dream', { dream: 'too short' }, 'dream'],
      ['dream', { dream: `${'a'.repeat(95)}     ` }, 'dream'],
      ['dream', { dream: 'b'.repeat(5001) }, 'dream'],
      ['dream', { dream: 42 }, 'dream'],
    ];
    for (const [route, body, field] of cases) {
      const response = await adminRequest(
        app.url,
        cookie,
        'PATCH',
        `/api/admin/registrations/${id}/${route}`,
        body,
      );
      expect({ route, body, status: response.status }).toEqual({ route, body, status: 400 });
      expect(response.body).toMatchObject({ statusCode: 400, errors: [{ field }] });
    }
    // A dream of 100 emoji is 100 characters as a person counts them.
    const emoji = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${id}/dream`,
      { dream: '🌙'.repeat(100) },
    );
    expect(emoji.status).toBe(200);
    expect((await events(id)).map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'DreamEdited',
    ]);
  });

  it('answers 404 for an unknown id and 400 for a malformed one on every action', async () => {
    const malformed = {
      statusCode: 400,
      code: 'validation-failed',
      message: 'id must be a registration id (a UUID)',
      errors: [
        { field: 'id', code: 'bad-format', message: 'id must be a registration id (a UUID)' },
      ],
    };
    const unknown = {
      statusCode: 404,
      code: 'registration-not-found',
      message: 'Registration not found',
      errors: [],
    };
    for (const [id, answer] of [
      ['7d6f7f0e-0000-4000-8000-000000000000', unknown],
      ['not-a-uuid', malformed],
    ] as const) {
      const calls: [string, string, unknown][] = [
        ['POST', `/api/admin/registrations/${id}/confirm`, undefined],
        ['PATCH', `/api/admin/registrations/${id}/paid`, { paid: true }],
        ['PATCH', `/api/admin/registrations/${id}/dreamed-captured`, { dreamedCaptured: true }],
        ['PATCH', `/api/admin/registrations/${id}/dream`, { dream: ANOTHER_DREAM }],
        ['DELETE', `/api/registrations/${id}`, undefined],
        ['GET', `/api/admin/registrations/${id}/history`, undefined],
      ];
      for (const [method, path, body] of calls) {
        const response = await adminRequest(app.url, cookie, method, path, body);
        expect({ path, body: response.body }).toEqual({ path, body: answer });
      }
    }
  });

  it("shows a registration's history in order, with type, time, actor and payload", async () => {
    const { id } = await register(app.url, { name: 'Historia Person' });
    await adminRequest(app.url, cookie, 'PATCH', `/api/admin/registrations/${id}/paid`, {
      paid: true,
    });
    await request(app.url, 'POST', `/api/registrations/${id}/dreams`, {
      dream: 'A second small dream.',
    });
    const history = await adminRequest<{
      registrationId: string;
      deleted: boolean;
      events: Record<string, unknown>[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.registrationId).toBe(id);
    expect(history.body.deleted).toBe(false);
    expect(history.body.events.map((event) => [event.type, event.actor])).toEqual([
      ['RegistrationCreated', 'visitor'],
      ['CheckoutSessionOpened', 'visitor'],
      ['PaidFlagSet', 'admin'],
      ['SeatNumbered', 'admin'],
      ['DreamShared', 'visitor'],
    ]);
    const [created, , paid] = history.body.events;
    expect(created).toMatchObject({
      streamId: `registration-${id}`,
      streamVersion: 1,
      recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      personalDataErased: false,
      erasedFields: [],
      payload: {
        registrationId: id,
        name: 'Historia Person',
        whatsapp: '+40 712 345 678',
        dream: A_DREAM,
        placement: 'seat',
        event: 'bucharest',
      },
    });
    expect(paid).toMatchObject({ payload: { paid: true }, adminSessionId: expect.any(String) });
    const positions = history.body.events.map((event) => event.position as number);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("says after each event of the history the registration's status, as the domain folds it", async () => {
    const { id } = await register(app.url, { name: 'Historia Status' });
    for (const paid of [true, false]) {
      const marked = await adminRequest(
        app.url,
        cookie,
        'PATCH',
        `/api/admin/registrations/${id}/paid`,
        {
          paid,
        },
      );
      expect(marked.status).toBe(200);
    }
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      { refund: false },
    );
    expect(cancelled.status).toBe(200);
    const history = await adminRequest<{ events: Record<string, unknown>[] }>(
      app.url,
      cookie,
      'GET',
      `/api/admin/registrations/${id}/history`,
    );
    expect(history.status).toBe(200);
    expect(history.body.events.map((event) => [event.type, event.status, event.listedAs])).toEqual([
      ['RegistrationCreated', 'held', 'held'],
      ['CheckoutSessionOpened', 'held', 'held'],
      ['PaidFlagSet', 'paid', 'confirmed'],
      ['SeatNumbered', 'paid', 'confirmed'],
      ['PaidFlagSet', 'held', 'held'],
      ['RegistrationCancelled', 'cancelled', 'cancelled'],
    ]);
    // The last entry's status is the registration's status now.
    const rows = await adminRequest<{ registrations: { id: string; status: string }[] }>(
      app.url,
      cookie,
      'GET',
      `/api/admin/registrations?q=${encodeURIComponent('Historia Status')}`,
    );
    const row = rows.body.registrations.find((candidate) => candidate.id === id);
    expect(history.body.events.at(-1)).toMatchObject({
      status: row?.status,
      listedAs: 'cancelled',
    });
  });

  it('pages the global feed by position', async () => {
    await register(app.url);
    const [{ total }] = await app.dataSource.query('SELECT count(*)::int AS total FROM events');
    // The feed answers only events of transactions older than every one still running in the
    // PostgreSQL server (other test files share it), so a page may lag for a moment: a reader
    // polls on from the last position, as an audit consumer would.
    const seen: number[] = [];
    let after = 0;
    const deadline = Date.now() + 15_000;
    while (seen.length < total && Date.now() < deadline) {
      const page = await adminRequest<{
        events: { position: number; type: string; actor: string }[];
        lastPosition: number;
      }>(app.url, cookie, 'GET', `/api/admin/events?after=${after}&limit=7`);
      expect(page.status).toBe(200);
      expect(page.body.events.length).toBeLessThanOrEqual(7);
      if (page.body.events.length === 0) {
        expect(page.body.lastPosition).toBe(after);
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      seen.push(...page.body.events.map((event) => event.position));
      after = page.body.lastPosition;
    }
    expect(seen).toHaveLength(total);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);

    for (const query of ['after=-1', 'limit=0', 'limit=1001', 'after=abc', 'colour=blue']) {
      const bad = await adminRequest(app.url, cookie, 'GET', `/api/admin/events?${query}`);
      expect({ query, status: bad.status }).toEqual({ query, status: 400 });
    }
  });
});
