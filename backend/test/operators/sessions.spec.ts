import { AdminClock } from '../../src/auth/admin-clock';
import { adminRequest, login } from '../admin/admin-client';
import { request } from '../http';
import { startServerProcess, type ServerProcess } from '../server-process';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { PASSPHRASE, readyOperator, sessionCookieOf, signIn, totpCode } from './operator-client';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface ListedOperator {
  id: string;
  name: string;
  state: string;
  sessions: {
    id: string;
    device: string;
    address: string;
    openedAt: string;
    lastUsedAt: string;
    current: boolean;
  }[];
}

describe('sessions: each with its device, address and last use; ended by the owner or a suspension', () => {
  let database: TestDatabase;
  let app: TestApp;
  let owner: string;
  let other: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
    owner = await login(app.url);
  });

  afterAll(async () => {
    await other?.stop();
    await app?.close();
    await database?.drop();
  });

  async function operators(): Promise<ListedOperator[]> {
    const answer = await adminRequest<{ operators: ListedOperator[] }>(
      app.url,
      owner,
      'GET',
      '/api/admin/operators',
    );
    expect(answer.status).toBe(200);
    return answer.body.operators;
  }

  it('lists the owner first, then each operator with its open sessions', async () => {
    const operator = await readyOperator(app, owner, 'door', 'Sorina Lup');
    const phone = await signIn(
      app,
      operator.email,
      await totpCode(operator.secret, 1),
      PASSPHRASE,
      {
        'user-agent': PHONE,
        'x-forwarded-for': '203.0.113.9',
      },
    );
    expect(phone.status).toBe(200);
    const listed = await operators();
    expect(listed[0]).toMatchObject({
      id: 'owner',
      number: 0,
      name: 'Owner',
      role: 'owner',
      email: null,
    });
    expect(listed[0].sessions.filter((session) => session.current)).toHaveLength(1);
    const mine = listed.find((entry) => entry.id === operator.id)!;
    expect(mine).toMatchObject({ name: 'Sorina Lup', state: 'active', role: 'door', totp: true });
    expect(mine.sessions).toHaveLength(2); // joining's, then the phone's
    expect(mine.sessions[1]).toEqual({
      id: expect.any(String),
      device: 'Chrome on Android',
      address: '203.0.113.9',
      openedAt: expect.any(String),
      lastUsedAt: mine.sessions[1].openedAt,
      current: false,
    });
  });

  it("writes a session's last use at most once a minute, as the admin clock reads it", async () => {
    const operator = await readyOperator(app, owner, 'door');
    const cookie = sessionCookieOf(
      await signIn(app, operator.email, await totpCode(operator.secret, 1), PASSPHRASE, {
        'user-agent': IPHONE,
      }),
    );
    const lastUse = async () =>
      (await operators()).find((entry) => entry.id === operator.id)!.sessions.at(-1)!;
    const opened = await lastUse();
    expect(opened.device).toBe('Safari on iPhone');
    await adminRequest(app.url, cookie, 'GET', '/api/admin/check-ins/counts');
    expect((await lastUse()).lastUsedAt).toBe(opened.lastUsedAt);
    const clock = app.app.get(AdminClock);
    clock.advance(2 * 60_000);
    try {
      await adminRequest(app.url, cookie, 'GET', '/api/admin/check-ins/counts');
      const used = await lastUse();
      expect(new Date(used.lastUsedAt).getTime()).toBeGreaterThanOrEqual(
        new Date(opened.lastUsedAt).getTime() + 2 * 60_000,
      );
      await adminRequest(app.url, cookie, 'GET', '/api/admin/check-ins/counts');
      expect((await lastUse()).lastUsedAt).toBe(used.lastUsedAt);
    } finally {
      clock.advance(-2 * 60_000);
    }
  });

  it("ends one session when the owner revokes it: its cookie is refused at once, the operator's other session lives", async () => {
    const operator = await readyOperator(app, owner, 'box-office');
    const second = sessionCookieOf(
      await signIn(app, operator.email, operator.recoveryCodes[0], PASSPHRASE),
    );
    const mine = (await operators()).find((entry) => entry.id === operator.id)!;
    expect(mine.sessions).toHaveLength(2);
    const revoked = mine.sessions[1];
    const answer = await adminRequest(
      app.url,
      owner,
      'DELETE',
      `/api/admin/operators/${operator.id}/sessions/${revoked.id}`,
    );
    expect(answer.status).toBe(204);
    expect((await adminRequest(app.url, second, 'GET', '/api/admin/registrations')).status).toBe(
      401,
    );
    expect((await adminRequest(app.url, second, 'GET', '/api/admin/session')).body).toEqual({
      authenticated: false,
    });
    expect(
      (await adminRequest(app.url, operator.cookie, 'GET', '/api/admin/registrations')).status,
    ).toBe(200);
    const again = await adminRequest(
      app.url,
      owner,
      'DELETE',
      `/api/admin/operators/${operator.id}/sessions/${revoked.id}`,
    );
    expect(again.status).toBe(404);
    // Another operator's session is not this operator's to end.
    const ownerSession = (await operators())[0].sessions[0];
    expect(
      (
        await adminRequest(
          app.url,
          owner,
          'DELETE',
          `/api/admin/operators/${operator.id}/sessions/${ownerSession.id}`,
        )
      ).status,
    ).toBe(404);
    const [event]: { data: Record<string, unknown> }[] = await app.dataSource.query(
      `SELECT data FROM events WHERE stream_id = $1 AND type = 'OperatorSignedOut'`,
      [`operator-${operator.id}`],
    );
    expect(event.data).toEqual({
      operatorId: operator.id,
      sessionId: revoked.id,
      reason: 'revoked',
    });
  });

  it("lets the owner end the owner's own other sessions", async () => {
    const elsewhere = await login(app.url);
    const ownSessions = (await operators())[0].sessions;
    const newest = ownSessions.filter((session) => !session.current).at(-1)!;
    expect(
      (
        await adminRequest(
          app.url,
          owner,
          'DELETE',
          `/api/admin/operators/owner/sessions/${newest.id}`,
        )
      ).status,
    ).toBe(204);
    expect((await adminRequest(app.url, elsewhere, 'GET', '/api/admin/session')).body).toEqual({
      authenticated: false,
    });
    expect((await adminRequest(app.url, owner, 'GET', '/api/admin/session')).body).toMatchObject({
      authenticated: true,
      operator: { id: 'owner', name: 'Owner', role: 'owner' },
    });
  });

  it("ends every session of a suspended operator in every process, from that process's next request", async () => {
    other = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    const operator = await readyOperator(app, owner, 'box-office');
    // The operator works on the other process with the session opened here.
    expect(
      (await adminRequest(other.url, operator.cookie, 'GET', '/api/admin/registrations')).status,
    ).toBe(200);
    const suspended = await adminRequest<ListedOperator>(
      app.url,
      owner,
      'PATCH',
      `/api/admin/operators/${operator.id}`,
      { suspended: true },
    );
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ state: 'suspended', sessions: [] });
    const refused = await adminRequest(
      other.url,
      operator.cookie,
      'GET',
      '/api/admin/registrations',
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      statusCode: 401,
      code: 'not-signed-in',
      message: 'Log in as the operator to do this.',
      errors: [],
    });
    expect(
      (
        await request(other.url, 'GET', '/api/admin/session', undefined, {
          cookie: operator.cookie,
        })
      ).body,
    ).toEqual({
      authenticated: false,
    });
    const [left]: { count: number }[] = await app.dataSource.query(
      'SELECT count(*)::int AS count FROM admin_sessions WHERE operator_id = $1',
      [operator.id],
    );
    expect(left.count).toBe(0);
  });

  it('records a sign-out, and a role change that takes effect on the next request', async () => {
    const operator = await readyOperator(app, owner, 'box-office');
    expect(
      (await adminRequest(app.url, operator.cookie, 'GET', '/api/admin/registrations')).status,
    ).toBe(200);
    const changed = await adminRequest(
      app.url,
      owner,
      'PATCH',
      `/api/admin/operators/${operator.id}`,
      {
        role: 'door',
      },
    );
    expect(changed.body).toMatchObject({ role: 'door' });
    expect(
      (await adminRequest(app.url, operator.cookie, 'GET', '/api/admin/registrations')).status,
    ).toBe(403);
    expect(
      (await adminRequest(app.url, operator.cookie, 'GET', '/api/admin/session')).body,
    ).toMatchObject({
      operator: { role: 'door' },
      permissions: ['door'],
    });
    const out = await adminRequest(app.url, operator.cookie, 'POST', '/api/admin/logout');
    expect(out.status).toBe(204);
    const types: { type: string; data: Record<string, unknown> }[] = await app.dataSource.query(
      'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY stream_version',
      [`operator-${operator.id}`],
    );
    expect(types.map((event) => event.type)).toEqual([
      'OperatorInvited',
      'OperatorJoined',
      'OperatorSignedIn',
      'OperatorTotpConfirmed',
      'OperatorRoleChanged',
      'OperatorSignedOut',
    ]);
    expect(types[4].data).toEqual({ operatorId: operator.id, role: 'door', from: 'box-office' });
    expect(types[5].data).toMatchObject({ reason: 'signed-out' });
  });
});
