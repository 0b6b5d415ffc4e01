import { AdminClock } from '../../src/auth/admin-clock';
import { request } from '../http';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { ADMIN_PASSWORD, adminRequest, login } from './admin-client';

describe('operator login and sessions', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers 200 and sets an HttpOnly, SameSite=Strict session cookie for the right password', async () => {
    const response = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { authenticated: boolean; expiresAt: string };
    expect(body.authenticated).toBe(true);
    const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^admin_session=[\w-]{40,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/i); // PUBLIC_URL is http here
  });

  it('keeps only a hash of the session token in the database', async () => {
    const cookie = await login(app.url);
    const token = cookie.split('=')[1];
    const rows: { token_hash: string }[] = await app.dataSource.query(
      'SELECT token_hash FROM admin_sessions',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    const everything: { row: string }[] = await app.dataSource.query(
      'SELECT s::text AS row FROM admin_sessions s',
    );
    expect(everything.some(({ row }) => row.includes(token))).toBe(false);
  });

  it('answers 401 in the JSON error shape for a wrong password, and 400 for an empty one', async () => {
    const wrong = await request(app.url, 'POST', '/api/admin/login', { password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      statusCode: 401,
      code: 'wrong-password',
      message: 'Invalid password. Please try again.',
      errors: [],
    });
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const empty = await request(app.url, 'POST', '/api/admin/login', { password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errors: [{ field: 'password' }] });
    const missing = await request(app.url, 'POST', '/api/admin/login', {});
    expect(missing.status).toBe(400);
    const notAString = await request(app.url, 'POST', '/api/admin/login', { password: 12345 });
    expect(notAString.status).toBe(400);
  });

  it('tells whether the cookie is a live session, and logout ends it on the server', async () => {
    const none = await request(app.url, 'GET', '/api/admin/session');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ authenticated: false });

    const cookie = await login(app.url);
    const live = await adminRequest(app.url, cookie, 'GET', '/api/admin/session');
    expect(live.body).toMatchObject({ authenticated: true });
    expect((await adminRequest(app.url, cookie, 'GET', '/api/registrations')).status).toBe(200);

    const logout = await adminRequest(app.url, cookie, 'POST', '/api/admin/logout');
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^admin_session=;.*Expires=Thu, 01 Jan 1970/);

    // The same cookie, replayed after logout, opens nothing.
    expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/session')).body).toEqual({
      authenticated: false,
    });
    const after = await adminRequest(app.url, cookie, 'GET', '/api/registrations');
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ statusCode: 401, errors: [] });
  });

  it('a session expires after 12 hours', async () => {
    const cookie = await login(app.url);
    const clock = app.app.get(AdminClock);
    clock.advance(11 * 3_600_000 + 59 * 60_000);
    expect((await adminRequest(app.url, cookie, 'GET', '/api/registrations')).status).toBe(200);
    clock.advance(2 * 60_000);
    expect((await adminRequest(app.url, cookie, 'GET', '/api/registrations')).status).toBe(401);
    expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/session')).body).toEqual({
      authenticated: false,
    });
    // A new login works on the moved clock, and lapsed sessions are cleaned away.
    const fresh = await login(app.url);
    expect((await adminRequest(app.url, fresh, 'GET', '/api/registrations')).status).toBe(200);
    const [{ lapsed }] = await app.dataSource.query(
      'SELECT count(*)::int AS lapsed FROM admin_sessions WHERE expires_at <= $1',
      [await clock.now(app.dataSource)],
    );
    expect(lapsed).toBe(0);
  });

  it('a made-up cookie is no session', async () => {
    const response = await adminRequest(
      app.url,
      'admin_session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'GET',
      '/api/registrations',
    );
    expect(response.status).toBe(401);
  });
});

describe('the session cookie behind https', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url, { PUBLIC_URL: 'https://tickets.example.org' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const response = await fetch(`${app.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://tickets.example.org' },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/i);
  });
});
