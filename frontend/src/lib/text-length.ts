/**
 * The server's rules for text, as the forms apply them before sending (the backend's
 * registration-rules.ts; a backend test holds the two equal): length in characters as a person
 * sees them, after NFC and trimming, where what shows nothing (a zero-width space, a lone accent,
 * a control character) counts as none.
 */
const SHOWS_SOMETHING =
  /[\t\n\r]|[^\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0\u2800]/u;

export function visibleLength(text: string): number {
  const normalized = text.normalize('NFC').trim();
  if (typeof Intl.Segmenter !== 'function') {
    return Array.from(normalized).filter((character) => SHOWS_SOMETHING.test(character)).length;
  }
  let count = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(
    normalized,
  )) {
    if (SHOWS_SOMETHING.test(segment)) count += 1;
  }
  return count;
}

/** A valid email address as the HTML standard defines it, with a dot in the domain. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** SMTP's limits (RFC 5321), as the server's EMAIL_LOCAL_PART_MAX_CHARACTERS and EMAIL_MAX_CHARACTERS. */
const EMAIL_LOCAL_PART_MAX_CHARACTERS = 64;
const EMAIL_MAX_CHARACTERS = 254;

/** The server's isEmailAddress, on a composed (NFC) and trimmed address. */
export function isEmailAddress(email: string): boolean {
  return (
    email.length <= EMAIL_MAX_CHARACTERS &&
    email.indexOf('@') <= EMAIL_LOCAL_PART_MAX_CHARACTERS &&
    EMAIL_PATTERN.test(email)
  );
}

/** Characters as stored (code points), the server's storedLength, after NFC and trimming. */
export function storedLength(text: string): number {
  return Array.from(text.normalize('NFC').trim()).length;
}
