/** The limits of SPEC section 5 and of a real form, shared by every command that checks them. */
export const DREAM_MIN_CHARACTERS = 100;
export const DREAM_MAX_CHARACTERS = 5000;
export const SHARED_DREAM_MIN_CHARACTERS = 10;
export const NAME_MAX_CHARACTERS = 100;
export const EMAIL_MAX_CHARACTERS = 254;
export const PHONE_MAX_CHARACTERS = 32;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Below U+0300 (Latin, with the precomposed letters of Italian and Romanian) no character joins
 * the one before it, except LF after CR: there a grapheme is a UTF-16 unit, and counting units is
 * many times cheaper than the segmenter. Everything else goes to the segmenter.
 */
const FIRST_JOINING_CHARACTER = 0x300;
const CR = 13;
const LF = 10;

/** Characters as a visitor sees them: an emoji or a letter with its accents is one. */
export function visibleLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= FIRST_JOINING_CHARACTER) return segmentedLength(text);
    if (code === LF && index > 0 && text.charCodeAt(index - 1) === CR) count -= 1;
  }
  return count;
}

function segmentedLength(text: string): number {
  let count = 0;
  for (const _segment of segmenter.segment(text)) count += 1;
  return count;
}

/** The key under which two emails are the same person: trimmed and lowercased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
