import { OPEN_SLOT, request } from '../http';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { adminRequest, catalogueWithSeats, login, register } from './admin-client';

interface SlotCapacity {
  available: number;
  registered: number;
  waitingList: number;
  limit: number;
}

describe('confirming a waiting-list entry', () => {
  let database: TestDatabase;
  let app: TestApp;
  let cookie: string;
  const seated: string[] = [];
  const waiting: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, {}, catalogueWithSeats(2));
    cookie = await login(app.url);
    for (let index = 0; index < 5; index += 1) {
      const registration = await register(app.url);
      (registration.waitingList ? waiting : seated).push(registration.id);
    }
    expect(seated).toHaveLength(2);
    expect(waiting).toHaveLength(3);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  function confirm(id: string) {
    return adminRequest(app.url, cookie, 'POST', `/api/admin/registrations/${id}/confirm`);
  }

  async function capacity(): Promise<SlotCapacity> {
    const response = await request<Record<string, Record<string, SlotCapacity>>>(
      app.url,
      'GET',
      '/api/capacity',
    );
    return response.body.bucharest[OPEN_SLOT];
  }

  async function outbox(id: string): Promise<{ kind: string; caused_by_position: string }[]> {
    return app.dataSource.query(
      'SELECT kind, caused_by_position FROM outbox WHERE registration_id = $1 ORDER BY id',
      [id],
    );
  }

  it('on a full slot answers 409 "This time slot is full." and records nothing', async () => {
    const response = await confirm(waiting[0]);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      statusCode: 409,
      code: 'slot-full',
      message: 'This time slot is full.',
      errors: [],
    });
    expect(await outbox(waiting[0])).not.toContainEqual(
      expect.objectContaining({ kind: 'waiting-list-confirmed' }),
    );
    expect(await capacity()).toMatchObject({
      available: 0,
      registered: 2,
      waitingList: 3,
      limit: 2,
    });
  });

  it('on an entry with a seat answers 409 with a clear message', async () => {
    const response = await confirm(seated[0]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      statusCode: 409,
      code: 'not-waiting',
      message: 'This registration already has a seat; only a waiting-list entry can be confirmed.',
    });
  });

  it('on a free seat moves the entry onto it, records WaitlistConfirmed and queues the email in the same transaction', async () => {
    const freed = await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${seated[1]}`);
    expect(freed.status).toBe(204);
    expect(await capacity()).toMatchObject({
      available: 1,
      registered: 1,
      waitingList: 3,
      limit: 2,
    });

    const response = await confirm(waiting[0]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: waiting[0],
      status: 'confirmed',
      waitingList: false,
      paid: false,
    });
    expect(await capacity()).toMatchObject({
      available: 0,
      registered: 2,
      waitingList: 2,
      limit: 2,
    });

    const [event] = (await app.dataSource.query(
      `SELECT global_position, data, metadata FROM events
        WHERE stream_id = $1 AND type = 'WaitlistConfirmed'`,
      [`registration-${waiting[0]}`],
    )) as { global_position: string; data: unknown; metadata: { actor: string } }[];
    expect(event.data).toEqual({ registrationId: waiting[0] });
    expect(event.metadata.actor).toBe('admin');
    expect(await outbox(waiting[0])).toContainEqual({
      kind: 'waiting-list-confirmed',
      caused_by_position: event.global_position,
    });
  });

  it('on a confirmed entry answers 409 and queues no second email', async () => {
    const response = await confirm(waiting[0]);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ message: 'This registration is already confirmed.' });
    const emails = (await outbox(waiting[0])).filter(
      (row) => row.kind === 'waiting-list-confirmed',
    );
    expect(emails).toHaveLength(1);
  });

  it('gives one free seat to exactly one of two simultaneous confirmations', async () => {
    expect(
      (await adminRequest(app.url, cookie, 'DELETE', `/api/registrations/${seated[0]}`)).status,
    ).toBe(204);
    const answers = await Promise.all([confirm(waiting[1]), confirm(waiting[2])]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      message: 'This time slot is full.',
    });
    expect(await capacity()).toMatchObject({
      available: 0,
      registered: 2,
      waitingList: 1,
      limit: 2,
    });
  });
});
