import type { IntlShape } from 'react-intl';

/**
 * The server answers in SPEC's English. Its known messages are shown from the catalogue, so a
 * visitor reading Italian or Romanian reads them in their language; anything else is shown as is.
 */
const KNOWN: Record<string, string> = {
  'Name is required': 'form.error.name',
  'Please enter a valid email address': 'form.error.email',
  'Phone number is required': 'form.error.whatsapp',
  'Please enter a valid WhatsApp number (e.g., +39 123 456 7890 or 123-456-7890)':
    'form.error.whatsappInvalid',
  'Your dream must be at most 5000 characters': 'form.error.dreamLong',
  'Only Bucharest event is available': 'form.error.event',
  'Please select a time slot': 'form.error.time',
  'Please share your dream with at least 100 characters - it will be part of the performance':
    'form.error.dream',
  'You have already registered for this event with this email address.': 'form.error.duplicate',
  'This time slot is closed for registration': 'form.error.slotClosed',
  'This registration is already paid.': 'payment.cancelled.alreadyPaid',
  'This payment can no longer be resumed: the seat was given back. You may register again.':
    'payment.cancelled.notResumable',
  'Name must not contain control characters': 'form.error.nameControl',
  'Phone number must not contain control characters': 'form.error.whatsappControl',
  'Your dream must not contain control characters': 'form.error.dreamControl',
};

/**
 * A 429 in the visitor's language, with the minutes of its Retry-After: seats held unpaid from
 * this address (the server's message says "not yet paid"), or too many registrations from it.
 */
export function localiseTooManyRequests(
  intl: IntlShape,
  serverMessage: string | undefined,
  retryAfterSeconds: string | null,
): string {
  const seconds = Number(retryAfterSeconds);
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 1;
  const id = serverMessage?.includes('not yet paid')
    ? 'form.error.unpaidHolds'
    : 'form.error.tooManyRegistrations';
  return intl.formatMessage({ id }, { minutes });
}

export function localiseServerMessage(intl: IntlShape, message: string): string {
  return message
    .split('; ')
    .map((part) => {
      const id = KNOWN[part.trim()];
      return id ? intl.formatMessage({ id }) : part;
    })
    .join('; ');
}
