import { LiveTour } from '../../src/tour/live-tour';
import { MESSAGE_TEXTS } from '../../src/notifications/messages/message-texts';
import { renderMessage } from '../../src/notifications/messages/render-message';
import { OPEN_SLOT } from '../http';

const catalogue = LiveTour.load();
const settings = {
  chatJoinCode: 'DREAMS-BUC',
  contactEmail: 'hello@dream-darkroom.example',
  publicUrl: 'https://tickets.example.org',
};
const LOCALES = ['en', 'it', 'ro'] as const;

function subject(locale: (typeof LOCALES)[number]) {
  return {
    registrationId: '0e5b3c1a-7d42-4f4e-9d1a-3c2b1a0f9e8d',
    name: 'Ana Popescu',
    event: 'bucharest',
    time: OPEN_SLOT,
    locale,
  };
}

const CANCEL_URL = 'https://tickets.example.org/cancel?token=abc.def';
const OFFER_URL = 'https://tickets.example.org/offer?token=ghi.jkl';
const UNTIL = new Date('2030-05-01T09:00:00Z');

describe('the cancellation and offer emails', () => {
  it.each(LOCALES)('tells of a cancellation in %s, with or without the refund', (locale) => {
    const refunded = renderMessage('registration-cancelled', subject(locale), catalogue, settings, {
      by: 'operator',
      refund: true,
      amountMinor: 3500,
      currency: 'ron',
    });
    const kept = renderMessage('registration-cancelled', subject(locale), catalogue, settings, {
      by: 'operator',
      paid: true,
      refund: false,
    });
    const unpaid = renderMessage('registration-cancelled', subject(locale), catalogue, settings, {
      by: 'operator',
      paid: false,
      refund: false,
    });
    expect(unpaid.text).not.toContain(MESSAGE_TEXTS[locale].cancelledNoRefund);
    expect(kept.text).toContain(MESSAGE_TEXTS[locale].cancelledNoRefund);
    expect(refunded.subject).toBe(kept.subject);
    expect(refunded.text).toContain('35');
    expect(refunded.text).not.toBe(kept.text);
    expect(refunded.html).toContain('Ana Popescu');
    expect(refunded.attachments).toEqual([]);
  });

  it('speaks each language', () => {
    const texts = LOCALES.map(
      (locale) =>
        renderMessage('registration-cancelled', subject(locale), catalogue, settings, {
          by: 'visitor',
          refund: true,
        }).subject,
    );
    expect(texts).toEqual([
      'Your registration is cancelled: Dream Darkroom, Bucharest',
      'La tua registrazione è annullata: Dream Darkroom, Bucarest',
      'Înscrierea ta este anulată: Dream Darkroom, București',
    ]);
  });

  it.each(LOCALES)("carries the offer's payment link and its deadline in %s", (locale) => {
    const message = renderMessage(
      'waiting-list-offer',
      subject(locale),
      catalogue,
      settings,
      {},
      new Date(),
      { offer: { url: OFFER_URL, until: UNTIL } },
    );
    expect(message.text).toContain(OFFER_URL);
    expect(message.html).toContain(OFFER_URL);
    expect(message.text).toContain('2030');
    expect(message.text).toContain('35');
  });

  it.each(LOCALES)('puts the cancellation link in the confirmation in %s', (locale) => {
    const withLink = renderMessage(
      'payment-confirmed',
      subject(locale),
      catalogue,
      settings,
      {},
      new Date(),
      { cancel: { url: CANCEL_URL, until: UNTIL, refunds: true } },
    );
    expect(withLink.text).toContain(CANCEL_URL);
    expect(withLink.text).toContain(settings.contactEmail);
    const without = renderMessage('payment-confirmed', subject(locale), catalogue, settings);
    expect(without.text).not.toContain('/cancel?token=');
  });

  it.each(LOCALES)(
    'promises a refund with the cancellation link in %s only when something was paid',
    (locale) => {
      const texts = MESSAGE_TEXTS[locale];
      const sentence = (template: string) => template.slice(0, template.indexOf('{cancelUntil}'));
      const paid = renderMessage(
        'payment-confirmed',
        subject(locale),
        catalogue,
        settings,
        {},
        new Date(),
        { cancel: { url: CANCEL_URL, until: UNTIL, refunds: true } },
      );
      const fromWaitingList = renderMessage(
        'waiting-list-confirmed',
        subject(locale),
        catalogue,
        settings,
        {},
        new Date(),
        { cancel: { url: CANCEL_URL, until: UNTIL, refunds: false } },
      );
      // The two sentences differ from their first words, and only the paid one speaks of money.
      expect(sentence(texts.cancellationLink)).not.toBe(
        sentence(texts.cancellationLinkNothingPaid),
      );
      expect(paid.text).toContain(sentence(texts.cancellationLink));
      expect(paid.text).not.toContain(sentence(texts.cancellationLinkNothingPaid));
      expect(fromWaitingList.text).toContain(sentence(texts.cancellationLinkNothingPaid));
      expect(fromWaitingList.text).not.toContain(sentence(texts.cancellationLink));
      expect(fromWaitingList.text).toContain(CANCEL_URL);
      expect(fromWaitingList.html).toContain(CANCEL_URL);
      const refundWords = { en: /refund/i, it: /rimbors/i, ro: /rambur/i }[locale];
      expect(paid.text).toMatch(refundWords);
      expect(fromWaitingList.text).not.toMatch(refundWords);
    },
  );
});
