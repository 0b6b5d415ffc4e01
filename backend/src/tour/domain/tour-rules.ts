/**
 * What a tour's data must be, written once: the tour file is checked with these at boot
 * (parseTour) and every operator's change with these when it is decided (tour.ts). Each check
 * answers what is wrong, in words, or undefined.
 */

export type EventStatus = 'open' | 'completed' | 'coming-soon';
export type SlotStatus = 'open' | 'closed';
/** The languages the site and its emails speak; English is the tour's own. */
export type TourLanguage = 'en' | 'it' | 'ro';
export type LocalisedPlaces = Partial<Record<TourLanguage, { city?: string; venue?: string }>>;

export const EVENT_STATUSES: readonly EventStatus[] = ['open', 'completed', 'coming-soon'];
export const SLOT_STATUSES: readonly SlotStatus[] = ['open', 'closed'];
const LANGUAGES: readonly string[] = ['en', 'it', 'ro'];

/** Bounds that keep a typo from becoming a tour: no slot of a thousand seats, no 1 M RON seat. */
export const LONGEST_NAME = 200;
export const LONGEST_SLUG = 60;
export const MOST_SEATS = 1000;
export const HIGHEST_PRICE_MINOR = 10_000_000;

export type Check = string | undefined;

/** The shapes of a slug, a calendar date and an instant; the API document carries them too. */
export const SLUG_PATTERN = /^[a-z][a-z0-9-]*$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const INSTANT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function checkCurrency(value: unknown): Check {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
    ? undefined
    : 'currency must be an ISO 4217 code (RON)';
}

export function checkSlug(value: unknown): Check {
  return typeof value === 'string' && value.length <= LONGEST_SLUG && SLUG_PATTERN.test(value)
    ? undefined
    : `the event's slug must be lowercase letters, digits and hyphens, starting with a letter (at most ${LONGEST_SLUG})`;
}

export function checkEventStatus(value: unknown, allowed = EVENT_STATUSES): Check {
  return allowed.includes(value as EventStatus)
    ? undefined
    : `the status must be one of ${allowed.join(', ')}`;
}

/**
 * Whether `YYYY-MM-DD` at the start of the text names a day of the calendar. Read by hand, not by
 * Date: `new Date('2027-13-45')` is an invalid Date that throws on toISOString(), and
 * Date.parse('2027-02-31T…') quietly answers 3 March.
 */
function startsWithCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

export function checkDate(value: unknown): Check {
  const valid =
    typeof value === 'string' && DATE_PATTERN.test(value) && startsWithCalendarDate(value);
  return valid ? undefined : 'the date must be a calendar date, YYYY-MM-DD';
}

export function checkTimeZone(value: unknown): Check {
  if (typeof value === 'string' && value !== '') {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return undefined;
    } catch {
      // Falls through to the answer below.
    }
  }
  return 'the time zone must be an IANA time zone (Europe/Bucharest)';
}

export function checkPrice(value: unknown): Check {
  return Number.isInteger(value) &&
    (value as number) > 0 &&
    (value as number) <= HIGHEST_PRICE_MINOR
    ? undefined
    : `the price must be a whole number of the currency's smallest unit, from 1 to ${HIGHEST_PRICE_MINOR}`;
}

/** Whether `text` holds a control character, or half of a character (PostgreSQL cannot store it). */
function holdsNonText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

function isName(value: unknown, longest: number): boolean {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= longest &&
    !holdsNonText(value)
  );
}

export function checkPlaceName(value: unknown, what: 'city' | 'venue'): Check {
  return isName(value, LONGEST_NAME)
    ? undefined
    : `the ${what} must be a name of 1 to ${LONGEST_NAME} characters, without control characters`;
}

export function checkLocalised(value: unknown): Check {
  if (value === undefined) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return 'the localised names must be an object by language (it, ro)';
  }
  for (const [language, names] of Object.entries(value as Record<string, unknown>)) {
    if (!LANGUAGES.includes(language)) return `unknown language ${language} in the localised names`;
    if (!names || typeof names !== 'object' || Array.isArray(names)) {
      return `the localised names in ${language} must be an object with city and venue`;
    }
    for (const [name, text] of Object.entries(names as Record<string, unknown>)) {
      if (name !== 'city' && name !== 'venue') return `unknown localised name ${language}.${name}`;
      if (text !== undefined && checkPlaceName(text, name)) {
        return `the ${name} in ${language} must be a name of 1 to ${LONGEST_NAME} characters, without control characters`;
      }
    }
  }
  return undefined;
}

export function checkSlotName(value: unknown): Check {
  return isName(value, LONGEST_SLUG)
    ? undefined
    : `the slot's name must be 1 to ${LONGEST_SLUG} characters, without control characters`;
}

export function checkStartsAt(value: unknown): Check {
  return typeof value === 'string' &&
    INSTANT_PATTERN.test(value) &&
    startsWithCalendarDate(value) &&
    !Number.isNaN(Date.parse(value))
    ? undefined
    : 'the start must be an instant with its offset (2025-10-30T19:30:00+02:00)';
}

export function checkSlotStatus(value: unknown): Check {
  return SLOT_STATUSES.includes(value as SlotStatus)
    ? undefined
    : `the slot's status must be one of ${SLOT_STATUSES.join(', ')}`;
}

export function checkCapacity(value: unknown): Check {
  return Number.isInteger(value) && (value as number) > 0 && (value as number) <= MOST_SEATS
    ? undefined
    : `the capacity must be a whole number of seats from 1 to ${MOST_SEATS}`;
}
