import { appsOnOwnDatabase } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';

describe('the rush for the last seats', () => {
  const instances = appsOnOwnDatabase([{}, {}]);

  it('gives 20 seats to 50 people registering at once through two app instances', async () => {
    const { apps } = instances;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        request<{ url?: string; waitingList?: boolean }>(
          apps[index % 2].url,
          'POST',
          '/api/create-checkout-session',
          registrationBody({ email: `rush-${index}@example.com` }),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => response.body.url)).toHaveLength(20);
    expect(responses.filter((response) => response.body.waitingList)).toHaveLength(30);

    for (const app of apps) {
      const capacity = await request<Record<string, Record<string, Record<string, number>>>>(
        app.url,
        'GET',
        '/api/capacity',
      );
      expect(capacity.body.bucharest[OPEN_SLOT]).toMatchObject({
        available: 0,
        registered: 20,
        waitingList: 30,
        limit: 20,
      });
    }

    // The answer agrees with a count over the events themselves.
    const [counts] = await apps[0].dataSource.query(
      `SELECT count(*) FILTER (WHERE data->>'placement' = 'seat')::int AS seats,
              count(*) FILTER (WHERE data->>'placement' = 'waiting-list')::int AS waiting
         FROM events WHERE type = 'RegistrationCreated' AND data->>'time' = $1`,
      [OPEN_SLOT],
    );
    expect(counts).toEqual({ seats: 20, waiting: 30 });
  });

  it('gives one registration to the same email sent many times at once; the others go through', async () => {
    const { apps } = instances;
    // Sent together to one instance, they are allocated in the same batches.
    const twice = Array.from({ length: 10 }, () =>
      registrationBody({ email: 'Same.Person@example.com' }),
    );
    const others = Array.from({ length: 10 }, (_, index) =>
      registrationBody({ email: `other-${index}@example.com` }),
    );
    const responses = await Promise.all(
      [...twice, ...others].map((body) =>
        request<{ statusCode?: number; waitingList?: boolean }>(
          apps[0].url,
          'POST',
          '/api/create-checkout-session',
          body,
        ),
      ),
    );
    const same = responses.slice(0, 10).map((response) => response.status);
    // One registration; the others find it (its payment once its page is open, 409 before).
    expect(same.every((status) => status === 200 || status === 409)).toBe(true);
    const ids = new Set(
      responses
        .slice(0, 10)
        .filter((response) => response.status === 200)
        .map((response) => (response.body as { registrationId?: string }).registrationId),
    );
    expect(ids.size).toBe(1);
    expect(responses.slice(10).map((response) => response.status)).toEqual(Array(10).fill(200));

    const [row] = await apps[0].dataSource.query(
      `SELECT count(*)::int AS count FROM registration_view WHERE email_key = $1`,
      ['same.person@example.com'],
    );
    expect(row.count).toBe(1);
    const [outbox] = await apps[0].dataSource.query(
      `SELECT count(*)::int AS count FROM outbox o
         JOIN registration_view r ON r.id = o.registration_id
        WHERE o.kind = 'waiting-list-joined' AND r.time = $1`,
      [OPEN_SLOT],
    );
    expect(outbox.count).toBe(30 + 11);
  });
});
