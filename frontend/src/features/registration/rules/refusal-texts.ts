import type { CodeTexts } from '../../../lib/errors-by-code';

/** The registration's words for the server's refusals, by their codes (errors-by-code.ts). */
export const REGISTRATION_TEXTS: CodeTexts = {
  codes: {
    'event-not-open': 'form.error.event',
    'slot-unknown': 'form.error.time',
    'slot-closed': 'form.error.slotClosed',
    'already-registered': 'form.error.duplicate',
    'unpaid-holds-cap': 'form.error.unpaidHolds',
    'too-many-registrations': 'form.error.tooManyRegistrations',
    'already-paid': 'payment.cancelled.alreadyPaid',
    'seat-given-back': 'payment.cancelled.notResumable',
  },
  fields: {
    name: {
      blank: 'form.error.name',
      'not-text': 'form.error.name',
      'control-characters': 'form.error.nameControl',
    },
    email: { 'invalid-email': 'form.error.email', 'not-text': 'form.error.email' },
    whatsapp: {
      blank: 'form.error.whatsapp',
      'not-text': 'form.error.whatsapp',
      'invalid-phone': 'form.error.whatsappInvalid',
      'control-characters': 'form.error.whatsappControl',
    },
    event: { blank: 'form.error.event', 'not-text': 'form.error.event' },
    time: { blank: 'form.error.time', 'not-text': 'form.error.time' },
    dream: {
      blank: 'form.error.dream',
      'not-text': 'form.error.dream',
      'too-short': 'form.error.dream',
      'too-long': 'form.error.dreamLong',
      'control-characters': 'form.error.dreamControl',
    },
  },
};

/** The minutes a 429's Retry-After asks to wait: one at least. */
export function minutesToWait(retryAfterSeconds: string | null): number {
  const seconds = Number(retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
}
