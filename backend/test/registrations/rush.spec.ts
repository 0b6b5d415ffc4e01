import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { OPEN_SLOT, registrationBody, request } from '../http';

describe('the rush for the last seats', () => {
  let database: TestDatabase;
  let apps: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase();
    apps = [await startTestApp(database.url), await startTestApp(database.url)];
  });

  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.close()));
    await database?.drop();
  });

  it('gives 20 seats to 50 people registering at once through two app instances', async () => {
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
});
