import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { MailTransport } from '../../src/notifications/mail-transport';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { RefundWorker } from '../../src/checkout/refund-worker';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { OPEN_SLOT, request, payInSandbox } from '../http';
import { snapshotReadModels } from '../read-models';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { adminRequest, catalogueWithSeats, login, register } from './admin-client';
import { dumpDatabase } from './database-dump';

/** Everything that identifies one person, each unlike anything else in the database. */
function person(tag: string) {
  return {
    name: `Zenobia Quillfeather-${tag}`,
    email: `Zenobia.Quill.${tag}@Example.org`,
    whatsapp: `+40 799 ${tag} 321`,
    dream: `I dreamt of ${tag} violet giraffes reading tram timetables aloud beneath a frozen waterfall, and every word turned into a small moth that flew to my grandmother's kitchen.`,
  };
}

const EDITED_DREAM =
  'An edited dream: the cathedral bells were made of marmalade and rang only for lost umbrellas crossing the square at dawn.';
const SHARED_DREAM = 'A shared dream of copper whales singing in the Dambovita at noon.';

function secretsOf(who: ReturnType<typeof person>): string[] {
  return [who.name, who.email, who.email.toLowerCase(), who.whatsapp, who.dream];
}

describe('erasure: deleting a registration makes the person unrecoverable', () => {
  let database: TestDatabase;
  let app: TestApp;
  let cookie: string;
  const seatedPerson = person('111');
  const waitingPerson = person('222');
  let seatedId: string;
  let waitingId: string;
  let keptId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, {}, catalogueWithSeats(2));
    cookie = await login(app.url);
    seatedId = (await register(app.url, seatedPerson)).id;
    keptId = (await register(app.url)).id;
    const waiting = await register(app.url, waitingPerson);
    expect(waiting.waitingList).toBe(true);
    waitingId = waiting.id;
    await register(app.url); // a second waiting-list entry, kept
    // The seated person's data also lives in later events: a shared and an edited dream.
    expect(
      (
        await request(app.url, 'POST', `/api/registrations/${seatedId}/dreams`, {
          dream: SHARED_DREAM,
        })
      ).status,
    ).toBe(201);
    for (const [route, body] of [
      ['dream', { dream: EDITED_DREAM }],
      ['paid', { paid: true }],
      ['dreamed-captured', { dreamedCaptured: true }],
    ] as const) {
      const response = await adminRequest(
        app.url,
        cookie,
        'PATCH',
        `/api/admin/registrations/${seatedId}/${route}`,
        body,
      );
      expect(response.status).toBe(200);
    }
    // A transport error that quoted the address, on the waiting person's queued message.
    await app.dataSource.query(
      `UPDATE outbox SET attempts = 1, last_error = $2 WHERE registration_id = $1`,
      [waitingId, `550 5.1.1 <${waitingPerson.email}>: mailbox unavailable`],
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('a dump holds the personal data before the delete (the search can find it)', async () => {
    const { text } = await dumpDatabase(database.url);
    const lower = text.toLowerCase();
    // (The seated person's first dream was replaced by the edit: it lives only sealed in the log.)
    const visible = secretsOf(seatedPerson).filter((secret) => secret !== seatedPerson.dream);
    for (const secret of [...visible, EDITED_DREAM, ...secretsOf(waitingPerson)]) {
      expect(lower.includes(secret.toLowerCase())).toBe(true);
    }
    // The Command Center's search keeps the phone's digits too (read from its column: pg_dump
    // leaves generated columns out of a dump).
    const searched: { search_text: string }[] = await app.dataSource.query(
      `SELECT search_text FROM registration_view WHERE search_text LIKE '%40799111321%'`,
    );
    expect(searched.length).toBeGreaterThan(0);
  });

  it("the Command Center's search finds each person before the delete", async () => {
    for (const q of [seatedPerson.name, waitingPerson.email.toUpperCase(), '40799111321']) {
      const page = await adminRequest<{ matched: number }>(
        app.url,
        cookie,
        'GET',
        `/api/admin/registrations?q=${encodeURIComponent(q)}`,
      );
      expect({ q, matched: page.body.matched }).toEqual({ q, matched: 1 });
    }
  });

  it('after the delete, a dump of the whole database holds none of the name, email, phone or dream', async () => {
    const capacityBefore = await app.dataSource.query(
      'SELECT held, paid, confirmed, waiting_list FROM slot_capacity WHERE time = $1',
      [OPEN_SLOT],
    );
    // The seated person was marked paid by the operator: a paid seat, the other still held.
    expect(capacityBefore[0]).toMatchObject({ held: 1, paid: 1, waiting_list: 2 });

    for (const id of [seatedId, waitingId]) {
      const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.body).toBeUndefined();
    }

    const { method, text } = await dumpDatabase(database.url);
    const lower = text.toLowerCase();
    const found = [
      ...secretsOf(seatedPerson),
      EDITED_DREAM,
      SHARED_DREAM,
      ...secretsOf(waitingPerson),
    ].filter((secret) => lower.includes(secret.toLowerCase()));
    expect({ method, found }).toEqual({ method, found: [] });
    // Nor does the Command Center's search find them any more.
    for (const q of [seatedPerson.name, waitingPerson.email, '40799111321', '40799222321']) {
      const page = await adminRequest<{ matched: number }>(
        app.url,
        cookie,
        'GET',
        `/api/admin/registrations?q=${encodeURIComponent(q)}`,
      );
      expect({ q, matched: page.body.matched }).toEqual({ q, matched: 0 });
    }
    // Distinctive fragments too, in case a field was stored in pieces or normalised.
    for (const fragment of [
      'quillfeather',
      'violet giraffes',
      'marmalade',
      'copper whales',
      '799 111',
      // The search column's normalised phones.
      '40799111321',
      '40799222321',
    ]) {
      expect({ fragment, present: lower.includes(fragment) }).toEqual({ fragment, present: false });
    }
  });

  it('frees the seat, keeps the other registrations, and shreds only the deleted keys', async () => {
    const [slot] = await app.dataSource.query(
      'SELECT held, paid, confirmed, waiting_list FROM slot_capacity WHERE time = $1',
      [OPEN_SLOT],
    );
    expect(slot).toMatchObject({ held: 1, paid: 0, confirmed: 0, waiting_list: 1 });
    const keys: { stream_id: string }[] = await app.dataSource.query(
      'SELECT stream_id FROM personal_data_keys',
    );
    const streams = keys.map((key) => key.stream_id);
    expect(streams).not.toContain(`registration-${seatedId}`);
    expect(streams).not.toContain(`registration-${waitingId}`);
    expect(streams).toContain(`registration-${keptId}`);
    const list = await adminRequest<{ id: string }[]>(app.url, cookie, 'GET', '/api/registrations');
    expect(list.body.map((registration) => registration.id).sort()).not.toContain(seatedId);
    expect(list.body).toHaveLength(2);
    // A free seat again: a newcomer gets it rather than the waiting list.
    expect((await register(app.url)).waitingList).toBe(false);
  });

  it("cancels the person's pending messages and clears their error text", async () => {
    const rows: { kind: string; cancelled_at: Date | null; last_error: string | null }[] =
      await app.dataSource.query(
        'SELECT kind, cancelled_at, last_error FROM outbox WHERE registration_id = $1',
        [waitingId],
      );
    expect(rows).toEqual([
      { kind: 'waiting-list-joined', cancelled_at: expect.any(Date), last_error: null },
    ]);
  });

  it('keeps the facts in the history, with the personal fields marked erased', async () => {
    const history = await adminRequest<{
      deleted: boolean;
      events: {
        type: string;
        actor: string;
        payload: Record<string, unknown>;
        personalDataErased: boolean;
        erasedFields: string[];
      }[];
    }>(app.url, cookie, 'GET', `/api/admin/registrations/${seatedId}/history`);
    expect(history.status).toBe(200);
    expect(history.body.deleted).toBe(true);
    expect(history.body.events.map((event) => event.type)).toEqual([
      'RegistrationCreated',
      'CheckoutSessionOpened',
      'DreamShared',
      'DreamEdited',
      'PaidFlagSet',
      'SeatNumbered',
      'DreamCapturedSet',
      'RegistrationDeleted',
    ]);
    const [created, , shared, edited] = history.body.events;
    expect(created.personalDataErased).toBe(true);
    expect(created.erasedFields).toEqual(['name', 'email', 'whatsapp', 'dream']);
    expect(created.payload).toMatchObject({
      event: 'bucharest',
      time: OPEN_SLOT,
      placement: 'seat',
    });
    for (const field of ['name', 'email', 'whatsapp', 'dream', 'sealedPersonalData']) {
      expect(created.payload).not.toHaveProperty(field);
    }
    expect(shared).toMatchObject({ personalDataErased: true, erasedFields: ['dream'] });
    expect(edited).toMatchObject({
      personalDataErased: true,
      erasedFields: ['dream'],
      actor: 'admin',
    });
    expect(history.body.events.at(-1)).toMatchObject({
      type: 'RegistrationDeleted',
      actor: 'admin',
      personalDataErased: false,
    });
    expect(JSON.stringify(history.body).toLowerCase()).not.toContain('quillfeather');

    // The feed may lag behind transactions still running elsewhere on the server: poll.
    let erased: { streamId: string; personalDataErased: boolean }[] = [];
    for (const deadline = Date.now() + 15_000; erased.length < 8 && Date.now() < deadline;) {
      const feed = await adminRequest<{
        events: { streamId: string; personalDataErased: boolean }[];
      }>(app.url, cookie, 'GET', '/api/admin/events?limit=1000');
      erased = feed.body.events.filter((event) => event.streamId === `registration-${seatedId}`);
      if (erased.length < 8) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(erased).toHaveLength(8);
    expect(erased[0].personalDataErased).toBe(true);
  });

  it('answers 404 to the same delete again, and to every other call on the deleted id', async () => {
    const again = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${seatedId}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({
      statusCode: 404,
      code: 'registration-not-found',
      message: 'Registration not found',
      errors: [],
    });
    expect((await request(app.url, 'GET', `/api/registrations/${seatedId}`)).status).toBe(404);
    for (const [method, path, body] of [
      ['POST', `/api/admin/registrations/${waitingId}/confirm`, undefined],
      ['PATCH', `/api/admin/registrations/${seatedId}/paid`, { paid: false }],
      ['PATCH', `/api/admin/registrations/${seatedId}/dream`, { dream: EDITED_DREAM }],
    ] as const) {
      expect((await adminRequest(app.url, cookie, method, path, body)).status).toBe(404);
    }
    const [{ count }] = await app.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE stream_id = $1`,
      [`registration-${seatedId}`],
    );
    expect(count).toBe(8);
  });

  it('rebuilding the read models after erasures gives the same rows', async () => {
    const live = await snapshotReadModels(app.dataSource);
    await rebuildProjections(app.dataSource, catalogueWithSeats(2));
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  it('a payment that arrives after the deletion is refunded and recorded, with no personal data', async () => {
    const payer = person('333');
    expect(
      (await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${keptId}`)).status,
    ).toBe(204);
    const { id, waitingList } = await register(app.url, payer);
    expect(waitingList).toBe(false);
    const [{ checkout_session_id: sessionId }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    expect((await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${id}`)).status).toBe(
      204,
    );

    // The visitor, still on the sandbox's card page, pays: the sandbox delivers the signed
    // webhook to this server, which finds the registration deleted and refunds the payment.
    await payInSandbox(`${app.url}/sandbox/checkout/${sessionId}`);
    // The refund is decided at once and leaves through the refund worker.
    expect(await app.app.get(RefundWorker).runOnce()).toEqual({ refunded: 1, failed: 0 });
    const history = await adminRequest<{ events: { type: string; actor: string }[] }>(
      app.url,
      cookie,
      'GET',
      `/api/admin/registrations/${id}/history`,
    );
    expect(history.body.events.slice(-3).map((event) => [event.type, event.actor])).toEqual([
      ['RegistrationDeleted', 'admin'],
      ['RefundRequested', 'payment-provider'],
      ['PaymentRefunded', 'payment-provider'],
    ]);
    const { text } = await dumpDatabase(database.url);
    expect(
      secretsOf(payer).filter((secret) => text.toLowerCase().includes(secret.toLowerCase())),
    ).toEqual([]);
    // Still deleted: no row, no seat.
    expect(
      await app.dataSource.query('SELECT 1 FROM registration_view WHERE id = $1', [id]),
    ).toEqual([]);
  });
});

describe('erasure reaches the copies of sent mail under DATA_DIR/outbox', () => {
  let database: TestDatabase;
  let app: TestApp;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'erasure-mail-'));
    // No seat at all: every registration joins the waiting list and is sent its message.
    app = await startTestApp(database.url, { DATA_DIR: dataDir }, catalogueWithSeats(0));
    cookie = await login(app.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const outboxDir = () => path.join(dataDir, 'outbox');

  async function mailText(): Promise<string> {
    const files = await readdir(outboxDir());
    const texts = await Promise.all(files.map((file) => readFile(path.join(outboxDir(), file))));
    return texts.join('\n').toLowerCase();
  }

  it('deletes the .eml files of the erased person and keeps everyone else’s', async () => {
    const erased = person('333');
    const kept = person('444');
    const erasedId = (await register(app.url, erased)).id;
    const keptId = (await register(app.url, kept)).id;
    expect(await app.app.get(OutboxWorker).runOnce()).toEqual({
      sent: 2,
      failed: 0,
      cancelled: 0,
    });
    expect(await readdir(outboxDir())).toHaveLength(2);
    expect(await mailText()).toContain(erased.email.toLowerCase());

    const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${erasedId}`);
    expect(deleted.status).toBe(204);

    const files = await readdir(outboxDir());
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(keptId);
    const text = await mailText();
    for (const secret of [erased.email, erased.name, 'quillfeather-333', erasedId]) {
      expect({ secret, present: text.includes(secret.toLowerCase()) }).toEqual({
        secret,
        present: false,
      });
    }
    expect(text).toContain(kept.email.toLowerCase());
  });

  it('removes a copy written while the person was being erased', async () => {
    const who = person('555');
    const id = (await register(app.url, who)).id;
    // The worker has rendered the message when the operator deletes the person: it is written
    // after the delete removed the files, and the worker removes it once it finds them gone.
    const transport = app.app.get(MailTransport);
    const send = transport.send.bind(transport);
    const spy = jest.spyOn(transport, 'send').mockImplementationOnce(async (mail) => {
      const deleted = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${id}`);
      expect(deleted.status).toBe(204);
      await send(mail);
    });
    try {
      expect(await app.app.get(OutboxWorker).runOnce()).toEqual({
        sent: 1,
        failed: 0,
        cancelled: 0,
      });
    } finally {
      spy.mockRestore();
    }
    expect((await readdir(outboxDir())).filter((file) => file.includes(id))).toEqual([]);
    expect(await mailText()).not.toContain(who.email.toLowerCase());
  });
});
