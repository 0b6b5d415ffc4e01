import type { IntlShape } from 'react-intl';

/**
 * The server answers in SPEC's English. Its known messages are shown from the catalogue, so a
 * visitor reading Italian or Romanian reads them in their language; anything else is shown as is.
 */
const KNOWN: Record<string, string> = {
  'Name is required': 'form.error.name',
  'Please enter a valid email address': 'form.error.email',
  'Phone number is required': 'form.error.whatsapp',
  'Only Bucharest event is available': 'form.error.event',
  'Please select a time slot': 'form.error.time',
  'Please share your dream with at least 100 characters - it will be part of the performance':
    'form.error.dream',
  'You have already registered for this event with this email address.': 'form.error.duplicate',
  'This registration is already paid.': 'payment.cancelled.alreadyPaid',
  'This payment can no longer be resumed: the seat was given back. You may register again.':
    'payment.cancelled.notResumable',
};

export function localiseServerMessage(intl: IntlShape, message: string): string {
  return message
    .split('; ')
    .map((part) => {
      const id = KNOWN[part.trim()];
      return id ? intl.formatMessage({ id }) : part;
    })
    .join('; ');
}
