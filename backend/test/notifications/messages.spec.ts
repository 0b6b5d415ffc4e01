import { LiveTour } from '../../src/tour/live-tour';
import { formatDeadline } from '../../src/common/deadline';
import {
  renderMessage,
  type MessageSubject,
  type ReceiptKind,
} from '../../src/notifications/messages/render-message';
import { MESSAGE_TEXTS } from '../../src/notifications/messages/message-texts';
import type { NotificationKind } from '../../src/notifications/outbox';
import { OPEN_SLOT } from '../http';
import { parseUtcStamp, readCalendarEvent } from './ical';

const catalogue = LiveTour.load();
const settings = {
  chatJoinCode: 'DREAMS-BUC',
  contactEmail: 'hello@dream-darkroom.example',
  publicUrl: 'https://tickets.example.org',
};
const KINDS: Exclude<NotificationKind, ReceiptKind>[] = [
  'payment-confirmed',
  'waiting-list-joined',
  'waiting-list-confirmed',
  'late-payment-refunded',
  'payment-refunded',
  'booking-moved',
  'booking-received',
  'booking-handed-on',
];
const VENUE = 'National Museum of Contemporary Art (MNAC), Bucharest';
const CITY = { en: 'Bucharest', it: 'Bucarest', ro: 'București' } as const;
const VENUES = {
  en: VENUE,
  it: "Museo Nazionale d'Arte Contemporanea (MNAC), Bucarest",
  ro: 'Muzeul Național de Artă Contemporană (MNAC), București',
} as const;

function subject(locale: MessageSubject['locale'], name = 'Ana Popescu'): MessageSubject {
  return {
    registrationId: '0e5b3c1a-7d42-4f4e-9d1a-3c2b1a0f9e8d',
    name,
    event: 'bucharest',
    time: OPEN_SLOT,
    locale,
  };
}

describe('the emails', () => {
  it('the three catalogues have the same keys and no empty text', () => {
    const keys = Object.keys(MESSAGE_TEXTS.en).sort();
    for (const locale of ['it', 'ro'] as const) {
      expect(Object.keys(MESSAGE_TEXTS[locale]).sort()).toEqual(keys);
      for (const key of keys)
        expect(MESSAGE_TEXTS[locale][key as keyof typeof MESSAGE_TEXTS.en]).not.toBe('');
    }
  });

  it.each(['en', 'it', 'ro'] as const)(
    'renders every message in %s with a text and an HTML part',
    (locale) => {
      const subjects = new Set<string>();
      for (const kind of KINDS) {
        const message = renderMessage(kind, subject(locale), catalogue, settings);
        expect(message.subject).toContain(CITY[locale]);
        expect(message.text).toContain('Ana Popescu');
        expect(message.html).toContain('Ana Popescu');
        expect(message.html).toMatch(/^<!doctype html>/);
        expect(message.text).not.toMatch(/[<>]/);
        subjects.add(message.subject);
      }
      expect(subjects.size).toBe(KINDS.length);
    },
  );

  it('payment confirmed says everything the issue lists, in English', () => {
    const message = renderMessage('payment-confirmed', subject('en'), catalogue, settings);
    expect(message.subject).toBe('Your place is confirmed: Dream Darkroom, Bucharest');
    // ICU versions differ in the space before PM (narrow no-break or plain).
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    for (const part of [plain(message.text), plain(message.html.replace(/&#39;/g, "'"))]) {
      expect(part).toContain('Dear Ana Popescu,');
      expect(part).toContain('Thursday, October 30, 2025 at 7:30 PM');
      expect(part).toContain(VENUE);
      expect(part).toContain('arrive 15 minutes early');
      expect(part).toContain('30 minutes of darkness, followed by 15 minutes of reflection');
      expect(part).toContain('DREAMS-BUC');
      expect(part).toContain('Join with code');
      expect(part).toContain('write to hello@dream-darkroom.example to cancel');
      expect(part).toContain('35 RON');
    }
  });

  it("writes the cancellation's deadline in the event's time zone, named, as the cancel page does", () => {
    const until = new Date('2099-10-29T17:30:00.000Z');
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    const rendered = (locale: 'en' | 'it' | 'ro') =>
      plain(
        renderMessage('payment-confirmed', subject(locale), catalogue, settings, {}, new Date(), {
          cancel: { url: 'https://example.org/cancel?token=t', until, refunds: true },
        }).text,
      );
    // The same words the cancel page's test reads for this instant; the zone named alike in
    // every language (it was GMT+2 in English but EET in Italian and Romanian).
    expect(rendered('en')).toContain('cancel until Thursday, October 29, 2099 at 7:30 PM GMT+2');
    expect(rendered('it')).toContain('giovedì 29 ottobre 2099 alle ore 19:30 GMT+2');
    expect(rendered('ro')).toContain('joi, 29 octombrie 2099 la 19:30 GMT+2');
  });

  it.each(['en', 'it', 'ro'] as const)(
    "writes every time of a message in %s with the show's zone, as formatDeadline does",
    (locale) => {
      const until = new Date('2099-10-29T17:30:00.000Z');
      const found = catalogue.findSlot('bucharest', subject(locale).time)!;
      const startsAt = new Date(found.slot.startsAt);
      const zone = found.event.timeZone;
      const message = renderMessage(
        'payment-confirmed',
        subject(locale),
        catalogue,
        settings,
        {},
        new Date(),
        { cancel: { url: 'https://example.org/cancel?token=t', until, refunds: true } },
      );
      // The slot's start and the deadline: both by the one formatter, the zone as GMT+2.
      expect(message.text).toContain(formatDeadline(startsAt, locale, zone));
      expect(message.text).toContain(formatDeadline(until, locale, zone));
      expect(formatDeadline(startsAt, locale, zone)).toMatch(/GMT\+2$/);
      expect(message.text).not.toMatch(/\bEES?T\b/);
    },
  );

  it('is real Italian and Romanian, with dates in their own words', () => {
    const italian = renderMessage('payment-confirmed', subject('it'), catalogue, settings);
    expect(italian.subject).toBe('Il tuo posto è confermato: Dream Darkroom, Bucarest');
    expect(italian.text).toContain("Museo Nazionale d'Arte Contemporanea (MNAC), Bucarest");
    expect(italian.text).toContain('giovedì 30 ottobre 2025');
    expect(italian.text).toContain('arrivare 15 minuti prima');
    expect(italian.text).toContain('30 minuti di buio, seguiti da 15 minuti di riflessione');
    const romanian = renderMessage('payment-confirmed', subject('ro'), catalogue, settings);
    expect(romanian.subject).toBe('Locul tău este confirmat: Dream Darkroom, București');
    expect(romanian.text).toContain('Muzeul Național de Artă Contemporană (MNAC), București');
    expect(romanian.text).not.toContain('Bucharest');
    expect(romanian.text).toContain('joi, 30 octombrie 2025');
    expect(romanian.text).toContain('ajungi cu 15 minute mai devreme');
    expect(romanian.text).toContain('30 de minute de întuneric, urmate de 15 minute de reflecție');
    expect(renderMessage('waiting-list-joined', subject('ro'), catalogue, settings).text).toContain(
      'Deocamdată nu este necesară nicio plată.',
    );
    expect(
      renderMessage('late-payment-refunded', subject('it'), catalogue, settings).text,
    ).toContain("Ti abbiamo rimborsato l'intero importo di 35\u00a0RON");
  });

  it('tells the visitor, in their language, why a payment was refunded', () => {
    const wrong = { amountMinor: 100, currency: 'usd', reason: 'amount-mismatch' };
    const english = renderMessage('payment-refunded', subject('en'), catalogue, settings, wrong);
    expect(english.subject).toBe('A payment was refunded: Dream Darkroom, Bucharest');
    expect(english.text).toContain(
      'We received a payment of 1\u00a0USD, which is not the ticket price of 35\u00a0RON, so it could not confirm a seat.',
    );
    expect(english.text).toContain('We have refunded the full 1\u00a0USD');
    const italian = renderMessage('payment-refunded', subject('it'), catalogue, settings, {
      amountMinor: 3499,
      currency: 'ron',
      reason: 'amount-mismatch',
    });
    expect(italian.text).toContain('Abbiamo ricevuto un pagamento di 34,99\u00a0RON');
    const second = { amountMinor: 3500, currency: 'ron', reason: 'second-payment' };
    const romanian = renderMessage('payment-refunded', subject('ro'), catalogue, settings, second);
    expect(romanian.subject).toBe('O plată a fost rambursată: Dream Darkroom, București');
    expect(romanian.text).toContain('Am primit o a doua plată pentru un loc deja plătit.');
    expect(romanian.text).toContain('Ți-am rambursat integral 35\u00a0RON');
    const closed = { amountMinor: 3500, currency: 'ron', reason: 'late-payment-slot-closed' };
    expect(
      renderMessage('payment-refunded', subject('en'), catalogue, settings, closed).text,
    ).toContain('by then registration for the slot had closed');
    expect(english.attachments).toEqual([]);
  });

  it('escapes what the visitor typed in the HTML part', () => {
    const message = renderMessage(
      'waiting-list-joined',
      subject('en', '<img src=x onerror=alert(1)>'),
      catalogue,
      settings,
    );
    expect(message.html).not.toContain('<img');
    expect(message.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('attaches an .ics invitation to the confirmations only (a booking moved: with its ticket)', () => {
    const confirmations: NotificationKind[] = [
      'payment-confirmed',
      'waiting-list-confirmed',
      'booking-received',
    ];
    for (const kind of KINDS) {
      const message = renderMessage(kind, subject('en'), catalogue, settings);
      const expected = confirmations.includes(kind) ? 1 : 0;
      expect(message.attachments).toHaveLength(expected);
    }
  });

  it.each(['en', 'it', 'ro'] as const)(
    'the .ics (%s) parses back to the slot start time and the venue',
    (locale) => {
      const [attachment] = renderMessage(
        'payment-confirmed',
        subject(locale),
        catalogue,
        settings,
        {},
        new Date('2025-10-01T10:00:00Z'),
      ).attachments;
      expect(attachment.filename).toBe('invitation.ics');
      expect(attachment.contentType).toMatch(/^text\/calendar/);
      const ics = String(attachment.content);
      expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
      for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const event = readCalendarEvent(ics);
      const startsAt = catalogue.findSlot('bucharest', OPEN_SLOT)!.slot.startsAt;
      expect(parseUtcStamp(event.DTSTART).toISOString()).toBe(new Date(startsAt).toISOString());
      expect(event.DTSTART).toBe('20251030T173000Z');
      expect(parseUtcStamp(event.DTEND).getTime() - parseUtcStamp(event.DTSTART).getTime()).toBe(
        45 * 60_000,
      );
      expect(event.LOCATION).toBe(VENUES[locale]);
      expect(event.SUMMARY).toBe(`Dream Darkroom, ${CITY[locale]}`);
      expect(event.UID).toBe(
        'registration-0e5b3c1a-7d42-4f4e-9d1a-3c2b1a0f9e8d@tickets.example.org',
      );
      expect(event.DTSTAMP).toBe('20251001T100000Z');
    },
  );
});
