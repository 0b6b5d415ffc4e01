import { isPossiblePhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { textRule } from '../../common/text';

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
