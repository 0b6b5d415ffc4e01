import { ServerLifecycle } from '../../src/common/server-lifecycle';
import { testServerUrl, withServerClient } from '../database-server';
import { request } from '../http';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';

describe('GET /api/health and /api/health/ready', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeEach(async () => {
    database = await createTestDatabase();
    app = await startTestApp(database.url);
  });

  afterEach(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers live and ready, never cached', async () => {
    const live = await request(app.url, 'GET', '/api/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    const ready = await request(app.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { database: { status: 'up' }, migrations: { status: 'up' } },
    });
    expect(ready.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
  });

  it('is not ready while a migration is missing', async () => {
    const [last] = await app.dataSource.query(
      'SELECT id, name FROM migrations ORDER BY id DESC LIMIT 1',
    );
    await app.dataSource.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    const ready = await request(app.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.body).toEqual({
      statusCode: 503,
      code: 'not-ready',
      message: 'Not ready: migrations',
      errors: [{ field: 'migrations', code: 'down', message: `pending: ${last.name}` }],
    });
    expect((await request(app.url, 'GET', '/api/health')).status).toBe(200);
  });

  it('is not ready while the database is unreachable, and ready again when it is back', async () => {
    const serverUrl = testServerUrl();
    const cutOff = async (allow: boolean) =>
      withServerClient(serverUrl, async (client) => {
        await client.query(`ALTER DATABASE "${database.name}" ALLOW_CONNECTIONS ${allow}`);
        if (!allow) {
          await client.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
            [database.name],
          );
        }
      });
    await cutOff(false);
    try {
      const ready = await request(app.url, 'GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        statusCode: 503,
        code: 'not-ready',
        message: 'Not ready: database, migrations',
        errors: [
          { field: 'database', code: 'down', message: expect.any(String) },
          { field: 'migrations', code: 'down', message: expect.any(String) },
        ],
      });
      // Liveness does not depend on the database: a replica waiting for it is not restarted.
      expect((await request(app.url, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await cutOff(true);
    }
    expect((await request(app.url, 'GET', '/api/health/ready')).status).toBe(200);
  });

  it('is not ready once a shutdown has begun', async () => {
    app.app.get(ServerLifecycle).startDraining();
    const ready = await request(app.url, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      statusCode: 503,
      code: 'not-ready',
      message: 'Not ready: shutting down',
      errors: [
        {
          field: 'shutdown',
          code: 'shutting-down',
          message: 'this process is finishing its last requests',
        },
      ],
    });
  });
});
