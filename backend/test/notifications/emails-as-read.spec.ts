import { LiveTour } from '../../src/tour/live-tour';
import { EarlierMessageFacts } from '../../src/notifications/message-facts';
import {
  renderInvitation,
  renderMessage,
  type MessageLinks,
} from '../../src/notifications/messages/render-message';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { TicketIssuer } from '../../src/notifications/ticket-issuer';
import { VisitorLinks } from '../../src/notifications/visitor-links';
import { WaitingListOfferWorker } from '../../src/waiting-list/waiting-list-offer-worker';
import { adminRequest, login } from '../admin/admin-client';
import { OPEN_SLOT, payInSandbox } from '../http';
import { registerVisitor } from '../payments/payment-fixtures';
import { appsOnOwnDatabase } from '../test-app';
import { catalogueWithSeats } from '../test-tour';
import { RecordingTransport } from './recording-transport';

const catalogue = LiveTour.load();
const settings = {
  chatJoinCode: 'DREAMS-BUC',
  contactEmail: 'hello@dream-darkroom.example',
  publicUrl: 'https://tickets.example.org',
};
const LOCALES = ['en', 'it', 'ro'] as const;
// A real link's length: a token of about 110 characters, unbroken.
const TOKEN = `${'eyJyIjoiMGU1YjNjMWEtN2Q0Mi00ZjRlLTlkMWEtM2MyYjFhMGY5ZThkIiwicCI6ImNhbmNlbCJ9'}.${'x'.repeat(43)}`;
const link = (page: string, locale: string) =>
  `https://tickets.example.org/${page}?token=${TOKEN}&lang=${locale}`;
const UNTIL = new Date('2099-10-29T17:30:00.000Z');

function linksOf(locale: string): MessageLinks {
  return {
    cancel: { url: link('cancel', locale), until: UNTIL, refunds: true },
    offer: { url: link('offer', locale), until: UNTIL },
    move: { url: link('move', locale), until: UNTIL },
    handOn: { url: link('hand-on', locale), until: UNTIL },
  };
}

/** The words a reader sees in the HTML part: its text outside tags and the ticket's code. */
function visibleWords(html: string): string[] {
  return html
    .replace(/<p style="font-family:monospace[^"]*"[^>]*>[\s\S]*?<\/p>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#?\w+;/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const KINDS_WITH_LINKS: Parameters<typeof renderMessage>[0][] = [
  'payment-confirmed',
  'waiting-list-confirmed',
  'waiting-list-offer',
  'show-reminder',
];

describe('every email as a person reads it', () => {
  it.each(LOCALES)(
    'makes every link a link in the HTML part, worded by its page and never its token (%s)',
    (locale) => {
      for (const kind of KINDS_WITH_LINKS) {
        const message = renderMessage(
          kind,
          {
            registrationId: '0e5b3c1a-7d42-4f4e-9d1a-3c2b1a0f9e8d',
            name: 'Ana Popescu',
            event: 'bucharest',
            time: OPEN_SLOT,
            locale,
          },
          catalogue,
          settings,
          {},
          new Date('2099-10-01T00:00:00Z'),
          linksOf(locale),
        );
        const quoted = [...message.text.matchAll(/https:\/\/[^\s()]+/g)].map((match) =>
          match[0].replace(/[.,]$/, ''),
        );
        expect(quoted.length).toBeGreaterThan(0);
        for (const url of quoted) {
          // The text part keeps the whole address; the HTML part links it.
          expect(message.html).toContain(`href="${url.replace(/&/g, '&#38;')}"`);
        }
        // No token as words: nothing unbroken and long enough to widen a phone's screen.
        expect(visibleWords(message.html).filter((word) => word.length > 40)).toEqual([]);
        expect(visibleWords(message.html).join(' ')).not.toContain(TOKEN);
      }
      const invitation = renderInvitation({
        name: 'Ioana',
        role: 'door',
        locale,
        joinUrl: link('admin/join', locale),
        expiresAt: UNTIL,
        timeZone: 'Europe/Bucharest',
      });
      expect(invitation.html).toContain(
        `href="${link('admin/join', locale).replace(/&/g, '&#38;')}"`,
      );
      expect(visibleWords(invitation.html).filter((word) => word.length > 40)).toEqual([]);
      // The invitation's end in the show's zone, named as every time is.
      expect(invitation.text).toMatch(/GMT\+2/);
    },
  );

  describe("the links of the emails a worker sends, in the email's language", () => {
    const ours = appsOnOwnDatabase([{ catalogue: catalogueWithSeats(1) }]);

    it('opens the Italian cancel and offer pages in Italian (lang=it)', async () => {
      const app = ours.app;
      const cookie = await login(app.url);
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
      const seated = await registerVisitor(app.url, { locale: 'it' });
      const waiting = await registerVisitor(app.url, { locale: 'it' });
      expect((await payInSandbox(seated.url!)).status).toBe(303);
      await adminRequest(
        app.url,
        cookie,
        'POST',
        `/api/admin/registrations/${seated.registrationId}/cancel`,
        { refund: false },
      );
      await app.app.get(WaitingListOfferWorker).runOnce();
      while ((await worker.runOnce()).sent > 0);

      const confirmation = transport.sent.find((mail) => /confermato/.test(mail.subject))!;
      const offer = transport.sent.find((mail) => /Un posto è per te/.test(mail.subject))!;
      const cancelUrl = await app.app.get(VisitorLinks).url('cancel', seated.registrationId, 'it');
      const offerUrl = await app.app.get(VisitorLinks).url('offer', waiting.registrationId, 'it');
      expect(cancelUrl).toMatch(/\/cancel\?token=[\w-]+\.[\w-]+&lang=it$/);
      expect(confirmation.text).toContain(cancelUrl);
      expect(confirmation.html).toContain(`href="${cancelUrl.replace(/&/g, '&#38;')}"`);
      expect(offer.text).toContain(offerUrl);
      expect(offer.html).toContain(`href="${offerUrl.replace(/&/g, '&#38;')}"`);
    });
  });
});
