/**
 * Text as a visitor types it and sees it: composed and trimmed, counted in visible characters,
 * bounded as stored. Every text field of every module is checked with these.
 */
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

export function textRule(
  minCharacters: number,
  maxCharacters: number,
  multiline: boolean,
): TextRule {
  return {
    minCharacters,
    maxCharacters,
    maxStoredCharacters: maxCharacters * STORED_PER_CHARACTER,
    multiline,
  };
}
