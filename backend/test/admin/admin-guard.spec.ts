import { request } from '../http';
import { startTestApp, type TestApp } from '../test-app';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { adminRequest, login, register } from './admin-client';

interface Operation {
  method: string;
  path: string;
  security?: Record<string, string[]>[];
}

/** Every operation of the live OpenAPI document. */
async function operations(app: TestApp): Promise<Operation[]> {
  const document = (
    await request<{ paths: Record<string, Record<string, Operation>> }>(
      app.url,
      'GET',
      '/api/docs/openapi.json',
    )
  ).body;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      security: operation.security,
    })),
  );
}

function isAdmin(operation: Operation): boolean {
  return (operation.security ?? []).some((requirement) => 'admin-session' in requirement);
}

/** The ways in: the owner's password, an operator's passphrase or passkey; and the way out. */
const PUBLIC_ADMIN_ROUTES = [
  '/api/admin/login',
  '/api/admin/login/operator',
  '/api/admin/login/passkey/options',
  '/api/admin/login/passkey',
  '/api/admin/logout',
  '/api/admin/session',
];

describe('every admin route is guarded on the server', () => {
  let database: TestDatabase;
  let app: TestApp;
  let registrationId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
    registrationId = (await register(app.url)).id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('marks every operator operation with the admin-session cookie security', async () => {
    const all = await operations(app);
    const admin = all.filter(isAdmin).map((operation) => `${operation.method} ${operation.path}`);
    expect(admin).toEqual(
      expect.arrayContaining([
        'DELETE /api/registrations/{id}',
        'GET /api/admin/events',
        'GET /api/admin/registrations/{id}/history',
        'GET /api/registrations',
        'PATCH /api/admin/registrations/{id}/dream',
        'PATCH /api/admin/registrations/{id}/dreamed-captured',
        'PATCH /api/admin/registrations/{id}/paid',
        'POST /api/admin/registrations/{id}/confirm',
        'POST /api/admin/registrations/{id}/cancel',
      ]),
    );
    // Nothing under /api/admin is left unmarked but the logins, logout and session check.
    const unmarked = all.filter(
      (operation) =>
        operation.path.startsWith('/api/admin/') &&
        !isAdmin(operation) &&
        !PUBLIC_ADMIN_ROUTES.includes(operation.path),
    );
    expect(unmarked).toEqual([]);
  });

  it('answers 401 in the JSON shape on every operation the document marks as admin, without a live session', async () => {
    const admin = (await operations(app)).filter(isAdmin);
    expect(admin.length).toBeGreaterThanOrEqual(8);
    const bodies: Record<string, unknown> = {
      paid: { paid: true },
      'dreamed-captured': { dreamedCaptured: true },
      dream: { dream: 'x'.repeat(150) },
      cancel: { refund: true },
    };
    for (const operation of admin) {
      const path = operation.path.replace('{id}', registrationId);
      const body = bodies[path.split('/').pop() ?? ''];
      for (const cookie of [undefined, 'admin_session=not-a-session']) {
        const response = await request(
          app.url,
          operation.method,
          path,
          body,
          cookie ? { cookie } : {},
        );
        expect({ operation: `${operation.method} ${path}`, status: response.status }).toEqual({
          operation: `${operation.method} ${path}`,
          status: 401,
        });
        expect(response.body).toEqual({
          statusCode: 401,
          code: 'not-signed-in',
          message: 'Log in as the operator to do this.',
          errors: [],
        });
      }
    }
    // Nothing happened to the registration.
    const stored: { count: number }[] = await app.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE stream_id = $1`,
      [`registration-${registrationId}`],
    );
    expect(stored[0].count).toBe(2); // RegistrationCreated, CheckoutSessionOpened
  });

  it('refuses a mutation whose body is not JSON (415)', async () => {
    const cookie = await login(app.url);
    const response = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      'paid=true',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ statusCode: 415, errors: [] });
    const textLogin = await request(app.url, 'POST', '/api/admin/login', 'secret', {
      'content-type': 'text/plain',
    });
    expect(textLogin.status).toBe(415);
  });

  it('refuses a mutation sent from another site (403), and accepts one from the site itself', async () => {
    const cookie = await login(app.url);
    const crossSite = await adminRequest(
      app.url,
      cookie,
      'DELETE',
      `/api/registrations/${registrationId}`,
      undefined,
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ statusCode: 403, errors: [] });
    const opaque = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      { paid: true },
      { origin: 'null' },
    );
    expect(opaque.status).toBe(403);
    const fetchMetadata = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      { paid: true },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(fetchMetadata.status).toBe(403);
    const crossSiteLogin = await request(
      app.url,
      'POST',
      '/api/admin/login',
      { password: 'test-admin-password' },
      { origin: 'https://evil.example' },
    );
    expect(crossSiteLogin.status).toBe(403);

    const sameSite = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/registrations/${registrationId}/paid`,
      { paid: true },
      { origin: app.config.publicUrl, 'sec-fetch-site': 'same-origin' },
    );
    expect(sameSite.status).toBe(200);
    const list = await adminRequest<{ id: string }[]>(app.url, cookie, 'GET', '/api/registrations');
    expect(list.body.map((registration) => registration.id)).toContain(registrationId);
  });
});
