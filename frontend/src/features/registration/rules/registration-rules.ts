/** SPEC section 5: the registration form's rules. Messages are catalogue ids. */
export const DREAM_MIN_LENGTH = 100;
export const OPEN_EVENT = 'bucharest';

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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isBlank = (value: string) => value.trim().length === 0;

/** Characters as a person counts them (grapheme clusters), after trimming, like the server. */
export function dreamLength(dream: string): number {
  const text = dream.trim();
  if (typeof Intl.Segmenter === 'function') {
    let count = 0;
    for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
      count += 1;
    }
    return count;
  }
  return Array.from(text).length;
}

export function validateField(field: RegistrationField, values: RegistrationValues): string | null {
  switch (field) {
    case 'name':
      return isBlank(values.name) ? 'form.error.name' : null;
    case 'email':
      return EMAIL_PATTERN.test(values.email.trim()) ? null : 'form.error.email';
    case 'whatsapp':
      return isBlank(values.whatsapp) ? 'form.error.whatsapp' : null;
    case 'event':
      return values.event === OPEN_EVENT ? null : 'form.error.event';
    case 'time':
      return isBlank(values.time) ? 'form.error.time' : null;
    case 'dream':
      return dreamLength(values.dream) >= DREAM_MIN_LENGTH ? null : 'form.error.dream';
  }
}

export function validateRegistration(
  values: RegistrationValues,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const field of REGISTRATION_FIELDS) {
    const error = validateField(field, values);
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
