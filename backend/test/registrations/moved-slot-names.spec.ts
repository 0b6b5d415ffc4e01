import { formatDeadline } from '../../src/common/deadline';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { LiveTour } from '../../src/tour/live-tour';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { adminRequest, login, register } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { RecordingTransport } from '../notifications/recording-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

const DAY_MS = 86_400_000;

describe('a moved slot, as the visitor reads it', () => {
  const fleet = appsOnOwnDatabase();
  let app: TestApp;

  beforeAll(() => {
    [app] = fleet.apps;
  });

  it('is named by its new start on the payment page and in the emails, never by its key', async () => {
    const cookie = await login(app.url);
    const { id } = await register(app.url, { email: 'moved.slot@example.com', locale: 'en' });
    const catalogue = app.app.get(LiveTour);
    // The slot moves to the next day, an hour later; its key stays what links name it by.
    const moved = new Date(
      catalogue.startOf('bucharest', OPEN_SLOT)!.getTime() + DAY_MS + 3_600_000,
    );
    const patched = await adminRequest(
      app.url,
      cookie,
      'PATCH',
      `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`,
      { startsAt: moved.toISOString() },
    );
    expect(patched.status).toBe(200);
    // As every time of the site is written: in the show's zone, named (formatDeadline).
    const named = formatDeadline(moved, 'en', 'Europe/Bucharest');
    expect(catalogue.slotLabel('bucharest', OPEN_SLOT, 'en')).toBe(named);

    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    const checkout = `${app.url}/sandbox/checkout/${session}`;
    const shown = await (await fetch(checkout)).text();
    expect(shown).toContain(named);
    expect(shown).not.toContain(OPEN_SLOT);

    const paid = await payInSandbox(checkout);
    expect(paid.status).toBe(303);
    const transport = new RecordingTransport();
    const worker = new OutboxWorker(
      app.dataSource,
      app.config,
      catalogue,
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
    while ((await worker.runOnce()).sent > 0);
    const mails = transport.sent.filter((mail) => mail.to.address === 'moved.slot@example.com');
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).toContain(named);
      expect(mail.text).not.toContain(OPEN_SLOT);
    }
  });
});
