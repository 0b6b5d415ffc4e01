import { nextStops } from '../../../lib/catalogue';
import type { CatalogueEvent } from '../../../lib/catalogue';
import type { PhoneCheck } from '../../../lib/phone-number';
import { isEmailAddress, storedLength, visibleLength } from '../../../lib/text-length';
import { DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from '../../../lib/dream-bounds';

/** SPEC section 5: the registration form's rules. Messages are catalogue ids. */
export { DREAM_BOUNDS, DREAM_MAX_LENGTH, DREAM_MIN_LENGTH } from '../../../lib/dream-bounds';
/** The server's STORED_PER_CHARACTER: code points a visible character may take as stored. */
export const STORED_PER_CHARACTER = 2;
/** SPEC's open event: the form's event until the tour has answered. */
export const OPEN_EVENT = 'bucharest';

/**
 * The event the form starts on: the tour's next stop; with none open, the first one announced
 * (the form then says it comes soon); SPEC's open event before the tour answers.
 */
export function defaultEvent(events: readonly CatalogueEvent[] | undefined): string {
  if (!events) return OPEN_EVENT;
  return (
    nextStops(events)[0]?.slug ??
    events.find((event) => event.status === 'coming-soon')?.slug ??
    OPEN_EVENT
  );
}

export interface RegistrationValues {
  name: string;
  email: string;
  whatsapp: string;
  event: string;
  time: string;
  dream: string;
}

export type RegistrationField = keyof RegistrationValues;

export const REGISTRATION_FIELDS: RegistrationField[] = [
  'event',
  'time',
  'name',
  'email',
  'whatsapp',
  'dream',
];

/** Blank as the server sees it: nothing visible once composed and trimmed. */
const isBlank = (value: string) => visibleLength(value) === 0;

/** Characters as a person counts them, after trimming, like the server. */
export function dreamLength(dream: string): number {
  return visibleLength(dream);
}

const composed = (text: string) => text.normalize('NFC').trim();

/**
 * `openEvents`: the slugs of the events taking registrations, as /api/events says; before it
 * answers, SPEC's open event. `isPhone`: the phone rule once loaded (phone-number.ts); before,
 * a phone is only required, and the server checks the rest.
 */
export function validateField(
  field: RegistrationField,
  values: RegistrationValues,
  openEvents: readonly string[] = [OPEN_EVENT],
  isPhone?: PhoneCheck,
): string | null {
  switch (field) {
    case 'name':
      return isBlank(values.name) ? 'form.error.name' : null;
    case 'email':
      return isEmailAddress(composed(values.email)) ? null : 'form.error.email';
    case 'whatsapp':
      if (isBlank(values.whatsapp)) return 'form.error.whatsapp';
      return !isPhone || isPhone(composed(values.whatsapp)) ? null : 'form.error.whatsappInvalid';
    case 'event':
      return openEvents.includes(values.event) ? null : 'form.error.event';
    case 'time':
      return isBlank(values.time) ? 'form.error.time' : null;
    case 'dream':
      if (dreamLength(values.dream) < DREAM_MIN_LENGTH) return 'form.error.dream';
      return dreamLength(values.dream) > DREAM_MAX_LENGTH ||
        storedLength(values.dream) > DREAM_MAX_LENGTH * STORED_PER_CHARACTER
        ? 'form.error.dreamLong'
        : null;
  }
}

export function validateRegistration(
  values: RegistrationValues,
  openEvents: readonly string[] = [OPEN_EVENT],
  isPhone?: PhoneCheck,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const field of REGISTRATION_FIELDS) {
    const error = validateField(field, values, openEvents, isPhone);
    if (error) errors[field] = error;
  }
  return errors;
}

/** SPEC section 4: submit is enabled when name, email, phone and time are filled and the dream is long enough. */
export function canSubmit(values: RegistrationValues): boolean {
  return (
    !isBlank(values.name) &&
    !isBlank(values.email) &&
    !isBlank(values.whatsapp) &&
    !isBlank(values.time) &&
    dreamLength(values.dream) >= DREAM_MIN_LENGTH
  );
}
