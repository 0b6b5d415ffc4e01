import { createPublicKey } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { LiveTour } from '../../src/tour/live-tour';
import { readTicket } from '../../src/day-of-show/tickets/ticket-code';
import { adminRequest, login } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox, registrationBody, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { RecordingTransport } from '../notifications/recording-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

interface Ticket {
  code: string;
  validUntil: string;
  qr: string;
}

describe('every paid or confirmed seat has a ticket: email, confirmation page, booking page', () => {
  let app: TestApp;
  let cookie: string;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
  });

  /** Verifies a code with the published keys, as a door device does. */
  async function verify(code: string) {
    const published = await request<{ keys: { keyId: string; pem: string }[] }>(
      app.url,
      'GET',
      '/api/tickets/public-key',
    );
    const keys = new Map(
      published.body.keys.map((key) => [key.keyId, { publicKey: createPublicKey(key.pem) }]),
    );
    return readTicket(code, (keyId) => keys.get(keyId));
  }

  async function registerHeld(email: string) {
    const registered = await request<{ registrationId: string; url: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody({ name: 'Tina Ticket', email }),
    );
    expect(registered.status).toBe(200);
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [registered.body.registrationId],
    );
    return {
      id: registered.body.registrationId,
      session: session as string,
      url: registered.body.url,
    };
  }

  const payerPage = (session: string) =>
    request<{ paid: boolean; ticket: Ticket | null }>(
      app.url,
      'GET',
      `/api/checkout-sessions/${encodeURIComponent(session)}/registration`,
    );

  it('shows no ticket before the payment, then a verifiable one on the confirmation page', async () => {
    const { id, session } = await registerHeld('tina.page@example.com');
    expect((await payerPage(session)).body).toMatchObject({ paid: false, ticket: null });
    expect((await payInSandbox(`${app.url}/sandbox/checkout/${session}`)).status).toBe(303);
    const { ticket } = (await payerPage(session)).body;
    expect(ticket).toEqual({
      code: expect.stringMatching(/^T1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
      validUntil: expect.any(String),
      qr: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
    const reading = await verify(ticket!.code);
    expect(reading).toEqual({
      ok: true,
      payload: {
        k: expect.any(String),
        r: id,
        e: 'bucharest',
        s: OPEN_SLOT,
        u: Math.floor(Date.parse(ticket!.validUntil) / 1000),
      },
    });
    // Nothing personal in it.
    expect(Buffer.from(ticket!.code.split('.')[1], 'base64url').toString()).not.toMatch(
      /Tina|example\.com|\+40/,
    );
    const svg = Buffer.from(ticket!.qr.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
  });

  it('emails the ticket as an inline QR image (CID) that decodes to the code, and the code in words', async () => {
    const { id, session } = await registerHeld('tina.mail@example.com');
    await payInSandbox(`${app.url}/sandbox/checkout/${session}`);
    const transport = new RecordingTransport();
    const worker = new OutboxWorker(
      app.dataSource,
      app.config,
      app.app.get(LiveTour),
      transport,
      app.app.get(VisitorLinks),
      app.app.get(TicketIssuer),
      app.app.get(EarlierMessageFacts),
    );
    while ((await worker.runOnce()).sent > 0);
    const mail = transport.sent.find((sent) => sent.to.address === 'tina.mail@example.com')!;
    const image = mail.attachments.find((attachment) => attachment.cid === 'ticket-qr')!;
    expect(image).toMatchObject({ filename: 'ticket.png', contentType: 'image/png' });
    expect(mail.html).toContain('src="cid:ticket-qr"');
    const png = PNG.sync.read(image.content as Buffer);
    // Big enough to scan: at least 8 pixels a module, dark on a white quiet zone.
    expect(png.width).toBeGreaterThanOrEqual(400);
    expect([png.data[0], png.data[1], png.data[2]]).toEqual([255, 255, 255]);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(/^T1\./);
    expect(mail.text).toContain(decoded!.data);
    expect(await verify(decoded!.data)).toMatchObject({ ok: true, payload: { r: id } });
  });

  it('shows the ticket on the booking page of the email link while the seat holds, and none once cancelled', async () => {
    const { id, session } = await registerHeld('tina.booking@example.com');
    await payInSandbox(`${app.url}/sandbox/checkout/${session}`);
    const url = new URL(await app.app.get(VisitorLinks).url('cancel', id));
    const token = url.searchParams.get('token')!;
    const booking = () =>
      request<{ status: string; ticket: Ticket | null }>(
        app.url,
        'GET',
        `/api/registrations/cancel/booking?token=${encodeURIComponent(token)}`,
      );
    const before = await booking();
    expect(before.status).toBe(200);
    expect(await verify(before.body.ticket!.code)).toMatchObject({ ok: true, payload: { r: id } });
    const cancelled = await adminRequest(
      app.url,
      cookie,
      'POST',
      `/api/admin/registrations/${id}/cancel`,
      {
        refund: false,
      },
    );
    expect(cancelled.status).toBe(200);
    expect((await booking()).body).toMatchObject({ status: 'cancelled', ticket: null });
  });
});
