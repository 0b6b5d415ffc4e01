import type { ParameterRule } from '../../common/parameter-rule';
import { canonicalTimeZone } from '../../common/time-zone';
import { localParts } from './slot-names';
import { isPriceCurrency } from '../../common/money';

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
/** A calendar date's and an instant's longest spellings (an instant to the nanosecond). */
export const DATE_LENGTH = 10;
export const LONGEST_INSTANT = 35;
export const INSTANT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The years a tour's dates and starts may fall in: no year 0, no typo of a century. */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2099;
const YEARS = `between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

function yearInRange(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/**
 * A name as the tour keeps it: composed (NFC), every run of spaces (no-break and wide ones too)
 * one space, trimmed. Two names a reader cannot tell apart are then the same name.
 */
export function tourName(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * What shows nothing or turns the text around: format characters (zero-width spaces and
 * joiners, direction marks, bidi overrides and isolates, the soft hyphen, the BOM), line and
 * paragraph separators, and blank letters. Names hold none, so `cap 5` cannot have an invisible
 * twin.
 */
const INVISIBLE_OR_TURNING = /[\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/u;

/** An event's slug as a request names it (`{slug}`, the `event` filters). */
export const EVENT_SLUG: ParameterRule = {
  maxLength: LONGEST_SLUG,
  pattern: SLUG_PATTERN,
  shape: "an event's slug (lowercase letters, digits and hyphens, starting with a letter)",
};

/**
 * A slot's name as a request names it (`{time}`, the `time` filters): no control characters, no
 * / or \, not . or .., none of the invisible or direction-changing characters a name is typed
 * with by mistake. Written without Unicode classes, so that any JSON Schema validator reads the
 * document's copy as the app does; checkSlotName, which names a slot, refuses more (every format
 * character, a spelling not composed), and a name it accepts always matches this.
 */
export const SLOT_NAME: ParameterRule = {
  maxLength: LONGEST_SLUG,
  pattern:
    // eslint-disable-next-line no-control-regex -- control characters are what it refuses
    /^(?!\.\.?$)[^\x00-\x1f\x7f/\\\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0]+$/,
  shape:
    "a slot's name (Oct 30 - 7:30pm): no control, invisible or direction-changing characters, no / or \\",
};

/** An ISO 4217 code's shape, as the API document gives it; checkCurrency refuses more. */
export const CURRENCY_PATTERN = '^[A-Z]{3}$';

/** A currency the payment provider takes, spelled as ISO 4217 does (common/money.ts). */
export function checkCurrency(value: unknown): Check {
  return isPriceCurrency(value)
    ? undefined
    : 'the currency must be an ISO 4217 code the payment provider takes, in capitals (RON, EUR)';
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
  if (!valid) return 'the date must be a calendar date, YYYY-MM-DD';
  return yearInRange(value) ? undefined : `the date must be ${YEARS}`;
}

export function checkTimeZone(value: unknown): Check {
  return canonicalTimeZone(value) === undefined
    ? 'the time zone must be an IANA time zone (Europe/Bucharest)'
    : undefined;
}

/** A tour file writes a zone as IANA spells it; an operator's spelling is corrected instead. */
export function checkTimeZoneSpelling(value: unknown): Check {
  const canonical = canonicalTimeZone(value);
  return canonical === undefined || canonical === value
    ? undefined
    : `the time zone must be written ${canonical}`;
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

/** What is wrong with a name beyond its length: invisible characters, or not as kept. */
function nameFault(value: unknown, what: string): Check {
  if (typeof value !== 'string') return undefined;
  if (INVISIBLE_OR_TURNING.test(value)) {
    return `the ${what} must not contain invisible or direction-changing characters`;
  }
  if (tourName(value) !== value) {
    return `the ${what} must be written composed (NFC), with single spaces and no space around it`;
  }
  return undefined;
}

export function checkPlaceName(value: unknown, what: 'city' | 'venue'): Check {
  if (!isName(value, LONGEST_NAME)) {
    return `the ${what} must be a name of 1 to ${LONGEST_NAME} characters, without control characters`;
  }
  return nameFault(value, what);
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
      const fault = text === undefined ? undefined : checkPlaceName(text, name);
      if (fault) return fault.replace(`the ${name}`, `the ${name} in ${language}`);
    }
  }
  return undefined;
}

export function checkSlotName(value: unknown): Check {
  if (!isName(value, LONGEST_SLUG)) {
    return `the slot's name must be 1 to ${LONGEST_SLUG} characters, without control characters`;
  }
  const name = value as string;
  // The name is a segment of the Command Center's addresses: a browser resolves . and .. away.
  if (name === '.' || name === '..' || /[/\\]/.test(name)) {
    return "the slot's name must be usable in an address: no / or \\, and not . or ..";
  }
  return nameFault(name, "slot's name");
}

export function checkStartsAt(value: unknown): Check {
  if (
    typeof value !== 'string' ||
    value.length > LONGEST_INSTANT ||
    !INSTANT_PATTERN.test(value) ||
    !startsWithCalendarDate(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    return 'the start must be an instant with its offset (2025-10-30T19:30:00+02:00)';
  }
  return yearInRange(value) ? undefined : `the start must be ${YEARS}`;
}

/** The offset of `timeZone`'s clocks at `instant`, in minutes east of UTC. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / 60_000) * 60_000;
  const shown = localParts(new Date(minute), timeZone);
  const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
  return Math.round((shownUtc - minute) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A start written with an offset says what the clocks show: it must be the event's zone's offset
 * at that instant (`+05:00` for a Bucharest slot is a typo of the hour or of the zone). A start
 * in UTC (`Z`) claims no local time.
 */
export function checkOffsetInZone(startsAt: string, timeZone: string): Check {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(startsAt);
  if (!offset) return undefined;
  const written = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  const actual = zoneOffsetMinutes(Date.parse(startsAt), timeZone);
  return written === actual
    ? undefined
    : `the start's offset ${offsetText(written)} is not ${timeZone}'s at that time (${offsetText(actual)})`;
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
