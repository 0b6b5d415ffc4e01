import { request } from '../http';
import { appsOnOwnDatabase } from '../test-app';
import { adminRequest, login, register } from '../admin/admin-client';

interface ApiError {
  statusCode: number;
  message: string;
  errors: { field: string; message: string }[];
}

const dream = (n: number) => `Further dream number ${n}: a lighthouse made of paper lanterns.`;

async function streamLength(
  app: { dataSource: { query(sql: string, parameters: unknown[]): Promise<unknown> } },
  id: string,
) {
  const rows = (await app.dataSource.query(
    'SELECT count(*)::int AS count FROM events WHERE stream_id = $1',
    [`registration-${id}`],
  )) as { count: number }[];
  return rows[0].count;
}

/** POST /api/registrations/{id}/dreams is bounded: in number, in size, and in rate. */
describe('shared dreams', () => {
  describe('per registration, at most SHARED_DREAMS_PER_REGISTRATION (default 10)', () => {
    const state = appsOnOwnDatabase([{ env: { DREAM_SHARE_RATE_LIMIT: '0' } }]);

    it('takes ten, refuses the eleventh with 409 and records nothing more', async () => {
      const app = state.apps[0];
      const { id } = await register(app.url);
      for (let n = 1; n <= 10; n += 1) {
        const shared = await request(app.url, 'POST', `/api/registrations/${id}/dreams`, {
          dream: dream(n),
        });
        expect({ n, status: shared.status }).toEqual({ n, status: 201 });
      }
      const events = await streamLength(app, id);
      const refused = await request<ApiError>(app.url, 'POST', `/api/registrations/${id}/dreams`, {
        dream: dream(11),
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        statusCode: 409,
        code: 'dream-limit-reached',
        message: 'This registration has already shared 10 dreams, the most it may',
        errors: [
          {
            field: 'dream',
            code: 'dream-limit-reached',
            message: 'This registration has already shared 10 dreams, the most it may',
          },
        ],
      });
      expect(await streamLength(app, id)).toBe(events);
    });

    it('refuses a cancelled registration with 409 in words, and records nothing', async () => {
      const app = state.apps[0];
      const cookie = await login(app.url);
      const { id } = await register(app.url);
      const cancelled = await adminRequest(
        app.url,
        cookie,
        'POST',
        `/api/admin/registrations/${id}/cancel`,
        { refund: false },
      );
      expect(cancelled.status).toBe(200);
      const events = await streamLength(app, id);
      const refused = await request<ApiError>(app.url, 'POST', `/api/registrations/${id}/dreams`, {
        dream: dream(1),
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'This registration is cancelled: it can no longer share dreams.',
      );
      expect(await streamLength(app, id)).toBe(events);
      const page = await request<{ status: string; sharesDreams: boolean }>(
        app.url,
        'GET',
        `/api/registrations/${id}`,
      );
      expect(page.body).toMatchObject({ status: 'cancelled', sharesDreams: false });
    });

    it('keeps the Command Center’s history of a registration that shared all it may small', async () => {
      const app = state.apps[0];
      const cookie = await login(app.url);
      const { id } = await register(app.url);
      const longest = `${'Ș'.repeat(1999)}!`;
      for (let n = 0; n < 12; n += 1) {
        await request(app.url, 'POST', `/api/registrations/${id}/dreams`, { dream: longest });
      }
      const history = await adminRequest<{ events: unknown[] }>(
        app.url,
        cookie,
        'GET',
        `/api/admin/registrations/${id}/history`,
      );
      expect(history.status).toBe(200);
      expect(history.body.events.length).toBeLessThanOrEqual(12);
      // Ten dreams of 2,000 characters at most, each at most 16,000 bytes: one small answer.
      expect(JSON.stringify(history.body).length).toBeLessThan(100_000);
    });
  });

  describe('the limit is configurable', () => {
    const state = appsOnOwnDatabase([
      { env: { SHARED_DREAMS_PER_REGISTRATION: '2', DREAM_SHARE_RATE_LIMIT: '0' } },
    ]);

    it('refuses the third of two allowed', async () => {
      const app = state.apps[0];
      const { id } = await register(app.url);
      const statuses = [];
      for (let n = 1; n <= 3; n += 1) {
        statuses.push(
          (await request(app.url, 'POST', `/api/registrations/${id}/dreams`, { dream: dream(n) }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 201, 409]);
    });
  });

  describe('rate-limited per registration and per client address (DREAM_SHARE_RATE_LIMIT)', () => {
    const state = appsOnOwnDatabase([
      { env: { DREAM_SHARE_RATE_LIMIT: '2', TRUST_PROXY: 'true' } },
    ]);

    const share = (id: string, address: string, n: number) =>
      request<ApiError>(
        state.apps[0].url,
        'POST',
        `/api/registrations/${id}/dreams`,
        { dream: dream(n) },
        { 'x-forwarded-for': address },
      );

    it('refuses a third share from one address within the window, whatever the registration', async () => {
      const first = (await register(state.apps[0].url)).id;
      const second = (await register(state.apps[0].url)).id;
      expect((await share(first, '203.0.113.7', 1)).status).toBe(201);
      expect((await share(second, '203.0.113.7', 2)).status).toBe(201);
      const refused = await share(first, '203.0.113.7', 3);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({ statusCode: 429, errors: [] });
      expect(refused.body.message).toMatch(/^Too many dreams shared at once/);
      expect((await share(second, '203.0.113.8', 4)).status).toBe(201);
    });

    it('refuses a third share to one registration within the window, whatever the address', async () => {
      const id = (await register(state.apps[0].url)).id;
      expect((await share(id, '198.51.100.1', 1)).status).toBe(201);
      expect((await share(id, '198.51.100.2', 2)).status).toBe(201);
      const before = await streamLength(state.apps[0], id);
      expect((await share(id, '198.51.100.3', 3)).status).toBe(429);
      expect(await streamLength(state.apps[0], id)).toBe(before);
    });
  });
});
