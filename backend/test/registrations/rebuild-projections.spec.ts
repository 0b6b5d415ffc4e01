import { Catalogue } from '../../src/catalogue/catalogue';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';
import { snapshotReadModels } from '../read-models';

describe('rebuilding the read models from the log', () => {
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

  it('gives exactly the rows the live projection gave', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 26; index += 1) {
      const response = await request<{ registrationId: string }>(
        app.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody({
          email: `mixed-${index}@example.com`,
          locale: ['en', 'it', 'ro'][index % 3],
        }),
      );
      expect(response.status).toBe(200);
      ids.push(response.body.registrationId);
    }
    for (const id of ids.slice(0, 5)) {
      const shared = await request(app.url, 'POST', `/api/registrations/${id}/dreams`, {
        dream: 'The sea was a staircase and I climbed it.',
      });
      expect(shared.status).toBe(201);
    }
    const live = await snapshotReadModels(app.dataSource);
    const result = await rebuildProjections(app.dataSource, Catalogue.load());
    expect(result.events).toBeGreaterThanOrEqual(26 + 20 + 5);
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });
});
