import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** The limits of SPEC section 5 and of a real form, shared by every command that checks them. */
export const DREAM_MIN_CHARACTERS = 100;
export const DREAM_MAX_CHARACTERS = 5000;
export const SHARED_DREAM_MIN_CHARACTERS = 10;
export const SHARED_DREAM_MAX_CHARACTERS = 2000;
export const NAME_MAX_CHARACTERS = 100;
/** SMTP's limits (RFC 5321): 64 characters before the @, 254 in all. */
export const EMAIL_LOCAL_PART_MAX_CHARACTERS = 64;
export const EMAIL_MAX_CHARACTERS = 254;
export const PHONE_MAX_CHARACTERS = 32;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Below U+0300 (Latin, with the precomposed letters of Italian and Romanian) no character joins
 * the one before it, except LF after CR: there a grapheme is a UTF-16 unit, and counting units is
 * many times cheaper than the segmenter. Everything else goes to the segmenter.
 */
const FIRST_JOINING_CHARACTER = 0x300;
const TAB = 9;
const LF = 10;
const CR = 13;
const SOFT_HYPHEN = 0xad;

/**
 * What shows nothing on its own: control characters (but tab and line breaks), format characters
 * (zero-width spaces and joiners, direction marks, the soft hyphen), marks with no letter to sit
 * on, line and paragraph separators, and the blank letters (Hangul fillers, the blank Braille
 * cell).
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]$/u;
const LINE_BREAK_OR_TAB = /^[\t\n\r]$/;

function isInvisibleUnit(code: number): boolean {
  return (
    (code < 0x20 && code !== TAB && code !== LF && code !== CR) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === SOFT_HYPHEN
  );
}

/**
 * Characters as a visitor sees them, the one count of length for every text field: an emoji or a
 * letter with its accents is one, and what shows nothing (a zero-width space, a lone accent, a
 * control character) is none. Tabs and line breaks count, CR LF as one.
 */
export function visibleLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= FIRST_JOINING_CHARACTER) return segmentedLength(text);
    if (code === LF && index > 0 && text.charCodeAt(index - 1) === CR) count -= 1;
    else if (isInvisibleUnit(code)) count -= 1;
  }
  return count;
}

function segmentedLength(text: string): number {
  let count = 0;
  for (const { segment } of segmenter.segment(text)) {
    if (isVisibleGrapheme(segment)) count += 1;
  }
  return count;
}

function isVisibleGrapheme(grapheme: string): boolean {
  for (const character of grapheme) {
    if (LINE_BREAK_OR_TAB.test(character) || !INVISIBLE.test(character)) return true;
  }
  return false;
}

/** Every text field is stored as typed, composed (NFC) and trimmed: "s" + U+0327 is "ş". */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim();
}

/**
 * Characters as stored: code points, as PostgreSQL's char_length counts them. What a person sees
 * may be far fewer (ten letters under 5,000 zero-width spaces or accents), so a text's upper
 * bound holds for both counts.
 */
export function storedLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

/** The bounds of one text field, in visible characters; the upper one also as stored. */
export interface TextRule {
  minCharacters: number;
  maxCharacters: number;
  /** The upper bound as stored: STORED_PER_CHARACTER code points for each visible one. */
  maxStoredCharacters: number;
  /** Dreams may hold line breaks and tabs; single-line fields hold no control character at all. */
  multiline: boolean;
}

/**
 * Why a text breaks its rule: blank (nothing visible), control, short, long (too many characters
 * as a person sees them, or as they are stored).
 */
export type TextFault = 'blank' | 'control' | 'short' | 'long';

const SINGLE_LINE_CONTROL = /[\p{Cc}\u2028\u2029]/u;
const MULTILINE_CONTROL = /(?![\t\n\r])\p{Cc}/u;

/** The first rule a normalised text breaks, or undefined when it keeps them all. */
export function textFault(text: string, rule: TextRule): TextFault | undefined {
  if ((rule.multiline ? MULTILINE_CONTROL : SINGLE_LINE_CONTROL).test(text)) return 'control';
  if (storedLength(text) > rule.maxStoredCharacters) return 'long';
  const length = visibleLength(text);
  if (length === 0) return 'blank';
  if (length < rule.minCharacters) return 'short';
  if (length > rule.maxCharacters) return 'long';
  return undefined;
}

/**
 * Code points a visible character may take as stored: a letter with its accent, an emoji with
 * its skin tone. A text at its visible maximum fits; one padded with what shows nothing (a
 * 10-letter shared dream carrying 5,000 zero-width spaces) does not.
 */
export const STORED_PER_CHARACTER = 2;

function textRule(minCharacters: number, maxCharacters: number, multiline: boolean): TextRule {
  return {
    minCharacters,
    maxCharacters,
    maxStoredCharacters: maxCharacters * STORED_PER_CHARACTER,
    multiline,
  };
}

export const NAME_RULE = textRule(1, NAME_MAX_CHARACTERS, false);
export const PHONE_RULE = textRule(1, PHONE_MAX_CHARACTERS, false);
export const DREAM_RULE = textRule(DREAM_MIN_CHARACTERS, DREAM_MAX_CHARACTERS, true);
export const SHARED_DREAM_RULE = textRule(
  SHARED_DREAM_MIN_CHARACTERS,
  SHARED_DREAM_MAX_CHARACTERS,
  true,
);
/** The event and the slot are names from the catalogue; anything longer names none. */
export const CATALOGUE_NAME_RULE = textRule(1, 100, false);

/** The key under which two emails are the same person: trimmed and lowercased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A valid email address as the HTML standard defines it (WHATWG, "valid e-mail address", the rule
 * browsers apply to <input type=email>), with a dot in the domain: no spaces, quotes, colons or
 * brackets, so no mail library can read it as another address or as a name.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** An address SMTP delivers to: EMAIL_PATTERN, within 64 characters before the @ and 254 in all. */
export function isEmailAddress(email: string): boolean {
  return (
    email.length <= EMAIL_MAX_CHARACTERS &&
    email.indexOf('@') <= EMAIL_LOCAL_PART_MAX_CHARACTERS &&
    EMAIL_PATTERN.test(email)
  );
}

/**
 * The countries a number written without its country code is read in: the tour's (Italy,
 * Romania), whose national formats include SPEC's examples (`123-456-7890`, `(123) 456-7890`).
 */
export const PHONE_COUNTRIES = ['IT', 'RO'] as const;

/**
 * A phone number as libphonenumber-js reads it: with its country code (`+39 123 456 7890`), or
 * possible as a national number of one of PHONE_COUNTRIES; its length is checked, not whether
 * the number is assigned. Words (`call me maybe`) are none.
 */
export function isPhoneNumber(phone: string): boolean {
  return (
    isPossiblePhoneNumber(phone) ||
    PHONE_COUNTRIES.some((country) => isPossiblePhoneNumber(phone, country))
  );
}

/**
 * The numbers a phone may stand for, in E.164: its own when written with a country code, else
 * one per PHONE_COUNTRIES reading; else (no reading) its digits alone.
 */
function phoneReadings(phone: string): Set<string> {
  const international = parsePhoneNumberFromString(phone);
  if (international) return new Set([international.number]);
  const readings = new Set<string>();
  for (const country of PHONE_COUNTRIES) {
    const national = parsePhoneNumberFromString(phone, country);
    if (national) readings.add(national.number);
  }
  if (readings.size === 0) readings.add(phone.replace(/\D/g, ''));
  return readings;
}

/** A name as a person writes it again: composed, spaces collapsed, any case. */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/**
 * Whether two registrations' details name the same person: the same name (any case or spacing)
 * and a phone that can be the same number (`0712 345 678` and `+40 712 345 678`).
 */
export function isSamePerson(
  a: { name: string | null; whatsapp: string | null },
  b: { name: string; whatsapp: string },
): boolean {
  if (a.name === null || a.whatsapp === null || nameKey(a.name) !== nameKey(b.name)) return false;
  const readings = phoneReadings(a.whatsapp);
  return [...phoneReadings(b.whatsapp)].some((reading) => readings.has(reading));
}
