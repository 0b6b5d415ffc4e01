import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { LiveTour } from '../../src/tour/live-tour';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import {
  VisitorLinks,
  signLinkToken,
  verifyLinkToken,
} from '../../src/notifications/visitor-links';
import { adminRequest, login, register } from '../admin/admin-client';
import { OPEN_SLOT, request, payInSandbox } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { RecordingTransport } from './recording-transport';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';

const SECRET = 'test-visitor-links-secret';
const ID = '6f1c1a52-3b9e-4d43-9a4e-2f0a8d3c9b11';
const DAY_MS = 86_400_000;

/** The same bytes in the spellings a lenient base64 decoder also reads. */
function respellings(token: string): string[] {
  const [body, signature] = token.split('.');
  const standard = Buffer.from(signature, 'base64url').toString('base64');
  return [
    `${body}.${signature}==`,
    `${body}.${signature}=`,
    `${body}.${standard}`,
    `${body}.${signature.slice(0, 5)}!${signature.slice(5)}`,
    `${body}.${signature.slice(0, 5)} ${signature.slice(5)}`,
    `${body}==.${signature}`,
    `${body.slice(0, 3)}!${body.slice(3)}.${signature}`,
  ];
}

describe('signed links', () => {
  it('are accepted only as they were issued, character for character', () => {
    const token = signLinkToken(SECRET, 'cancel', ID);
    expect(verifyLinkToken(SECRET, 'cancel', token)).toBe(ID);
    const altered = respellings(token);
    // At least the standard spelling differs from the issued one (the signature has a - or _).
    for (const bad of altered.filter((spelling) => spelling !== token)) {
      expect(() => verifyLinkToken(SECRET, 'cancel', bad)).toThrow(
        'This link is not valid: please use the link from your email as it was sent.',
      );
    }
    expect(() => verifyLinkToken(SECRET, 'offer', token)).toThrow('This link is not valid');
    expect(() => verifyLinkToken('another secret', 'cancel', token)).toThrow(
      'This link is not valid',
    );
  });
});

describe("an email's cancellation link", () => {
  const fleet = appsOnOwnDatabase([{ env: { CANCELLATION_TOKEN_SECRET: SECRET } }]);
  let app: TestApp;
  let cookie: string;
  let token: string;
  const slotPath = `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(OPEN_SLOT)}`;
  const startsAt = () => app.app.get(LiveTour).startOf('bucharest', OPEN_SLOT)!;
  const moveSlot = async (to: Date) => {
    const moved = await adminRequest(app.url, cookie, 'PATCH', slotPath, {
      startsAt: to.toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(startsAt().getTime()).toBe(to.getTime());
  };

  beforeAll(async () => {
    [app] = fleet.apps;
    cookie = await login(app.url);
    const { id } = await register(app.url, { email: 'links@example.com' });
    const [{ checkout_session_id: session }] = await app.dataSource.query(
      'SELECT checkout_session_id FROM registration_view WHERE id = $1',
      [id],
    );
    const paid = await payInSandbox(`${app.url}/sandbox/checkout/${session}`);
    expect(paid.status).toBe(303);
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
    const link = transport.sent
      .map((mail) => mail.text.match(/\/cancel\?token=([A-Za-z0-9_%-]+\.[A-Za-z0-9_%-]+)/))
      .find(Boolean);
    if (!link) throw new Error('no cancellation link was sent');
    token = decodeURIComponent(link[1]);
  });

  it('lives until the slot starts as the tour has it now, not as it had it when signed', async () => {
    const links = app.app.get(VisitorLinks);
    const signedFor = startsAt();
    // The slot moves ten days later: the link still opens the booking after the old start.
    const later = new Date(signedFor.getTime() + 10 * DAY_MS);
    await moveSlot(later);
    const afterOldStart = new Date(signedFor.getTime() + 3_600_000);
    await expect(links.registrationOf('cancel', token, afterOldStart)).resolves.toEqual(
      expect.any(String),
    );
    const booking = await request(
      app.url,
      'GET',
      `/api/registrations/cancel/booking?token=${encodeURIComponent(token)}`,
    );
    expect(booking.status).toBe(200);
    expect(booking.body).toMatchObject({ startsAt: later.toISOString() });

    // It moves earlier than it was when the email was signed: the link ends with the new start.
    const earlier = new Date(Date.now() + 2 * DAY_MS);
    await moveSlot(earlier);
    await expect(
      links.registrationOf('cancel', token, new Date(earlier.getTime() + 3_600_000)),
    ).rejects.toThrow('This link has expired.');
    await expect(
      links.registrationOf('cancel', token, new Date(earlier.getTime() - 3_600_000)),
    ).resolves.toEqual(expect.any(String));
  });

  it('refuses the altered spellings of itself over HTTP', async () => {
    for (const bad of respellings(token).filter((spelling) => spelling !== token)) {
      const refused = await request(
        app.url,
        'GET',
        `/api/registrations/cancel/booking?token=${encodeURIComponent(bad)}`,
      );
      expect(refused.status).toBe(400);
    }
  });
});
