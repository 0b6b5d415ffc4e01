import { MailTransport } from '../../src/notifications/mail-transport';
import { enqueueNotification } from '../../src/notifications/outbox';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { LiveTour } from '../../src/tour/live-tour';
import { adminRequest, login, register } from '../admin/admin-client';
import { payInSandbox } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { RecordingTransport } from './recording-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

interface OutboxRow {
  id: string;
  kind: string;
  payload: { facts?: { keyStream: string; sealed: string } } & Record<string, unknown>;
}

describe("an email's facts, written into its outbox row by the transaction that queued it", () => {
  const fleet = appsOnOwnDatabase();
  let app: TestApp;
  let cookie: string;

  beforeAll(async () => {
    [app] = fleet.apps;
    cookie = await login(app.url);
  });

  function worker(transport: MailTransport): OutboxWorker {
    return new OutboxWorker(
      app.dataSource,
      app.config,
      app.app.get(LiveTour),
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
  }

  async function paidSeat(email: string, name: string): Promise<string> {
    const { id } = await register(app.url, { email, name, locale: 'ro' });
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    expect((await payInSandbox(`${app.url}/sandbox/checkout/${session}`)).status).toBe(303);
    return id;
  }

  const rowsOf = (id: string): Promise<OutboxRow[]> =>
    app.dataSource.query(
      `SELECT id, kind, payload FROM outbox
        WHERE registration_id = $1 AND sent_at IS NULL AND cancelled_at IS NULL ORDER BY id`,
      [id],
    );

  /** Forgets every message still waiting, so that a test sends only its own. */
  const drain = () =>
    app.dataSource.query(`UPDATE outbox SET sent_at = now() WHERE sent_at IS NULL`);

  it('seals them with the registration key, and the email reads as one rendered from the registration', async () => {
    await drain();
    const id = await paidSeat('sealed.facts@example.com', 'Sorina Sigiliu');
    const [row] = await rowsOf(id);
    expect(row.kind).toBe('payment-confirmed');
    expect(row.payload.facts).toEqual({
      keyStream: `registration-${id}`,
      sealed: expect.stringMatching(/^pd1\./),
    });
    const raw = JSON.stringify(
      await app.dataSource.query('SELECT * FROM outbox WHERE id = $1', [row.id]),
    );
    expect(raw).not.toContain('sealed.facts@example.com');
    expect(raw).not.toContain('Sorina');

    // The same message queued as before rows carried facts: read from the registration itself.
    await enqueueNotification(app.dataSource, { kind: 'payment-confirmed', registrationId: id });
    const transport = new RecordingTransport();
    const now = new Date();
    // The two confirmations, and the payment's receipt (a message of its own, with its PDF).
    expect(await worker(transport).runOnce(now)).toEqual({ sent: 3, failed: 0, cancelled: 0 });
    const [fromFacts, fromRegistration] = transport.sent.filter(
      (mail) => !mail.attachments.some((file) => file.contentType === 'application/pdf'),
    );
    expect(fromFacts.to).toEqual({ name: 'Sorina Sigiliu', address: 'sealed.facts@example.com' });
    const { messageId: _first, ...rendered } = fromFacts;
    const { messageId: _second, ...renderedBefore } = fromRegistration;
    expect(rendered).toEqual(renderedBefore);
    expect(rendered.attachments.map((file) => file.filename)).toEqual([
      'ticket.png',
      'invitation.ics',
    ]);
  });

  it('follows the registration while the email waits: a seat cancelled meanwhile is confirmed without a ticket', async () => {
    await drain();
    const id = await paidSeat('cancelled.meanwhile@example.com', 'Carla Cancel');
    const [waiting] = await rowsOf(id);
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      { refund: false },
    );
    expect(cancelled.status).toBe(200);
    const [refreshed] = await rowsOf(id);
    expect(refreshed.id).toBe(waiting.id);
    expect(refreshed.payload.facts?.sealed).not.toBe(waiting.payload.facts?.sealed);

    const transport = new RecordingTransport();
    // The confirmation, the cancellation, and the payment's receipt.
    expect(await worker(transport).runOnce()).toEqual({ sent: 3, failed: 0, cancelled: 0 });
    const confirmation = transport.sent.find((mail) =>
      mail.attachments.some((file) => file.filename === 'invitation.ics'),
    );
    expect(confirmation?.attachments.map((file) => file.filename)).toEqual(['invitation.ics']);
  });
});
