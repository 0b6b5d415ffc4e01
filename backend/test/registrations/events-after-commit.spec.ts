import { EventBus } from '@nestjs/cqrs';
import { Client } from 'pg';
import { RegistrationEventsRecorded } from '../../src/registrations/registration-events-recorded';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';

describe('the EventBus', () => {
  let app: TestApp;
  let observer: Client;

  // Declared before the app's own hooks: the observer leaves before the database is dropped.
  afterAll(async () => {
    await observer?.end();
  });

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    observer = new Client({ connectionString: opened.database.url });
    await observer.connect();
  });

  it('hears of events only once another connection can see them committed', async () => {
    const seen: Promise<{ types: string[]; visible: number }>[] = [];
    const subscription = app.app.get(EventBus).subscribe((published) => {
      if (!(published instanceof RegistrationEventsRecorded)) return;
      const ids = published.events.map((event) => event.recorded.globalPosition);
      seen.push(
        observer
          .query('SELECT count(*)::int AS visible FROM events WHERE global_position = ANY($1)', [
            ids,
          ])
          .then((result) => ({
            types: published.events.map((event) => event.event.type),
            visible: result.rows[0].visible,
          })),
      );
    });
    try {
      const response = await request(
        app.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody(),
      );
      expect(response.status).toBe(200);
      const observed = await Promise.all(seen);
      expect(observed.map((entry) => entry.types)).toEqual([
        ['RegistrationCreated'],
        ['CheckoutSessionOpened'],
      ]);
      for (const entry of observed) expect(entry.visible).toBe(entry.types.length);
    } finally {
      subscription.unsubscribe();
    }
  });
});
