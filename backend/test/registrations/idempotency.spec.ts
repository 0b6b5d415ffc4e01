import { randomUUID } from 'node:crypto';
import { registrationBody, request } from '../http';
import { appsOnOwnDatabase } from '../test-app';

interface Answer {
  registrationId?: string;
  url?: string;
  statusCode?: number;
  message?: string;
}

/** POST /api/create-checkout-session with an Idempotency-Key: a retry gets the first answer. */
describe('Idempotency-Key on POST /api/create-checkout-session', () => {
  // Two instances on one database stand for two replicas behind the proxy.
  const state = appsOnOwnDatabase([{}, {}]);

  const post = (app: number, body: unknown, key?: string) =>
    request<Answer>(
      state.apps[app].url,
      'POST',
      '/api/create-checkout-session',
      body,
      key === undefined ? {} : { 'idempotency-key': key },
    );

  async function registrationsOf(email: string): Promise<number> {
    const rows: { count: number }[] = await state.apps[0].dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE type = 'RegistrationCreated'
          AND stream_id IN (SELECT 'registration-' || id FROM registration_view WHERE email = $1)`,
      [email],
    );
    return rows[0].count;
  }

  it('answers a retry with the first answer, on any replica, and registers once', async () => {
    const body = registrationBody();
    const key = randomUUID();
    const first = await post(0, body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post(0, body, key);
    const elsewhere = await post(1, body, key);
    for (const retry of [again, elsewhere]) {
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await registrationsOf(String(body.email))).toBe(1);
  });

  it('without the header, the same body twice is still one registration: its open payment', async () => {
    // No replay here: the visitor's own unpaid hold is resumed (the payment page again), not
    // registered twice; the 409 stays for a paid, confirmed or waiting registration.
    const body = registrationBody();
    const first = await post(0, body);
    expect(first.status).toBe(200);
    const second = await post(0, body);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.registrationId).toBe(first.body.registrationId);
    expect(second.body.url).toBe(first.body.url);
    expect(await registrationsOf(String(body.email))).toBe(1);
  });

  it('answers retries sent at the same moment once: the others wait or get the same answer', async () => {
    const body = registrationBody();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => post(index % 2, body, key)),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(ok.length + busy.length).toBe(6);
    expect(new Set(ok.map((answer) => answer.body.registrationId)).size).toBe(1);
    for (const answer of busy) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.message).toMatch(/still being answered/);
    }
    expect(await registrationsOf(String(body.email))).toBe(1);
  });

  it('replays a refusal too, and refuses the key reused with another body (422)', async () => {
    const key = randomUUID();
    const bad = registrationBody({ name: '' });
    const refused = await post(0, bad, key);
    expect(refused.status).toBe(400);
    const replayed = await post(1, bad, key);
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual(refused.body);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const other = await post(0, registrationBody(), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      statusCode: 422,
      code: 'idempotency-key-reused',
      message: 'This Idempotency-Key was used for another request',
    });
  });

  async function keptFor(key: string): Promise<unknown[]> {
    return state.apps[0].dataSource.query('SELECT status FROM idempotency_keys WHERE key = $1', [
      key,
    ]) as Promise<unknown[]>;
  }

  it('keeps nothing for what is refused before the route: the rate limit, another method', async () => {
    // One registration from this address in the window, then the limit of 1 refuses.
    const throttled = await state.start({ env: { REGISTRATION_RATE_LIMIT: '1' } });
    const key = randomUUID();
    expect(
      (await request(throttled.url, 'POST', '/api/create-checkout-session', registrationBody()))
        .status,
    ).toBe(200);
    const refused = await request<Answer>(
      throttled.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(),
      { 'idempotency-key': key },
    );
    expect(refused.status).toBe(429);
    expect(await keptFor(key)).toEqual([]);
    const other = await request<Answer>(
      state.apps[0].url,
      'GET',
      '/api/create-checkout-session',
      undefined,
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(404);
    expect(await keptFor(key)).toEqual([]);
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters', async () => {
    for (const key of ['x'.repeat(256), 'with space', '']) {
      const answer = await request<Answer>(
        state.apps[0].url,
        'POST',
        '/api/create-checkout-session',
        registrationBody(),
        { 'idempotency-key': key },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
  });
});
