import type { Locale } from '../../../common/locale';
import { NEUTRAL_WORDS, type ReplacementKind } from './neutral-words';

/**
 * The performers' sheet's anonymiser, the one place it is written: the dream's own author's
 * name (whole, in parts, in the inflections below), email addresses, phone numbers, web
 * addresses and @handles are replaced by neutral words in the dream's language. The console
 * only shows what this answers. Offsets and lengths are in UTF-16 code units of the anonymised
 * text, as JavaScript indexes strings.
 */
export interface Replacement {
  offset: number;
  length: number;
  kind: ReplacementKind;
}

export interface AnonymisedDream {
  text: string;
  replacements: Replacement[];
}

interface Found {
  start: number;
  end: number;
  kind: ReplacementKind;
}

const EMAIL = /[\p{L}\p{N}._%+-]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}/gu;

const TOP_LEVEL_DOMAINS =
  'com|net|org|ro|it|eu|io|me|info|co|uk|de|fr|es|app|dev|art|blog|online|site|xyz|tv|ly|link|page';
const WEB = new RegExp(
  String.raw`(?:https?:\/\/|www\.)[^\s<>"]+` +
    String.raw`|(?<![@\p{L}\p{N}._-])(?:[\p{L}\p{N}-]+\.)+(?:${TOP_LEVEL_DOMAINS})(?:\/[^\s<>"]*)?(?![\p{L}\p{N}])`,
  'giu',
);

const HANDLE = /(?<![\p{L}\p{N}_.@])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?/gu;

/** 7 to 15 digits, with the separators people write numbers with; + or 00 before a country code. */
const PHONE = /(?<![\p{L}\p{N}(])(?:\+|00)?\(?\d(?:[ .\-/()]{0,2}\d){6,14}(?![\p{L}\p{N}])/gu;
/** A date (12.03.2024, 1/2/25) is not a phone number. */
const DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

/** Punctuation that ends a sentence rather than an address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»”’]+$/u;

const WORD = /[\p{L}\p{M}]+/gu;

/**
 * Endings a name takes in each language, beyond its own form, folded (no accents, lower case):
 * `whole` after the name as written (Romanian Popescu → Popescului, Dan → Dane), `stem` after a
 * name ending in a vowel less that vowel (Romanian Maria → Mariei, Mario; Italian Paolo →
 * Paolino, Anna → Annetta). English names take an apostrophe, which ends the word anyway.
 */
const NAME_ENDINGS: Record<Locale, { whole: string[]; stem: string[] }> = {
  en: { whole: [], stem: [] },
  it: {
    whole: [],
    stem: ['ino', 'ina', 'etto', 'etta', 'ello', 'ella', 'uccio', 'uccia'],
  },
  ro: {
    whole: ['ul', 'ului', 'lui', 'le', 'ule', 'e', 'ut', 'ica', 'el'],
    stem: ['ei', 'o', 'uta', 'ica'],
  },
};

const VOWEL_END = /[aeiou]$/;

/** A word as compared: without accents or cedillas, in lower case (Ștefan, Stefan, STEFAN). */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function hasUpperCase(text: string): boolean {
  return /\p{Lu}/u.test(text);
}

/**
 * The parts of an author's name that are looked for: each word of two letters or more. A word the
 * author wrote in lower case beside capitalised ones (de, di, van) is a particle, not the name.
 */
export function nameParts(name: string): string[] {
  const words = name.normalize('NFC').match(WORD) ?? [];
  const capitalised = words.some(hasUpperCase);
  const parts = words
    .filter((word) => [...word].length >= 2)
    .filter((word) => !capitalised || hasUpperCase(word))
    .map(foldWord);
  return [...new Set(parts)];
}

function isNameForm(folded: string, part: string, language: Locale): boolean {
  if (folded === part) return true;
  const endings = NAME_ENDINGS[language];
  if (folded.startsWith(part) && endings.whole.includes(folded.slice(part.length))) return true;
  if (VOWEL_END.test(part) && part.length >= 3) {
    const stem = part.slice(0, -1);
    if (folded.startsWith(stem) && endings.stem.includes(folded.slice(stem.length))) return true;
  }
  return false;
}

function findPattern(text: string, pattern: RegExp, kind: ReplacementKind): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(pattern)) {
    let value = match[0];
    if (kind === 'web' || kind === 'email') value = value.replace(TRAILING_PUNCTUATION, '');
    if (kind === 'phone' && DATE.test(value)) continue;
    if (value.length === 0) continue;
    found.push({ start: match.index, end: match.index + value.length, kind });
  }
  return found;
}

/**
 * The author's name in the text: runs of words that are forms of its parts, joined by spaces or
 * hyphens, each run one replacement. A word in lower case in a text that capitalises is an
 * ordinary word (a rose, viola, speranța), not the name; in a text written all in lower case,
 * it is the name.
 */
function findName(text: string, name: string, language: Locale): Found[] {
  const parts = nameParts(name);
  if (parts.length === 0) return [];
  const caseMatters = hasUpperCase(text);
  const found: Found[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (caseMatters && !hasUpperCase(word)) continue;
    const folded = foldWord(word);
    if (!parts.some((part) => isNameForm(folded, part, language))) continue;
    const start = match.index;
    const end = start + word.length;
    const last = found[found.length - 1];
    if (
      last &&
      /^[\s-]+$/u.test(text.slice(last.end, start)) &&
      !text.slice(last.end, start).includes('\n')
    ) {
      last.end = end;
    } else {
      found.push({ start, end, kind: 'name' });
    }
  }
  return found;
}

/** Where a neutral word starts a sentence, it takes a capital as the text did. */
function startsSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).trimEnd();
  return before.length === 0 || /[.!?…]["'»”’)]*$/u.test(before);
}

export function anonymiseDream(
  dream: string,
  authorName: string,
  language: Locale,
): AnonymisedDream {
  const text = dream.normalize('NFC');
  // Earlier kinds win where two overlap: an email holds what looks like a handle and a domain.
  const candidates = [
    ...findPattern(text, EMAIL, 'email'),
    ...findPattern(text, WEB, 'web'),
    ...findPattern(text, HANDLE, 'handle'),
    ...findPattern(text, PHONE, 'phone'),
    ...findName(text, authorName, language),
  ];
  const chosen: Found[] = [];
  for (const candidate of candidates) {
    if (chosen.some((taken) => candidate.start < taken.end && taken.start < candidate.end))
      continue;
    chosen.push(candidate);
  }
  chosen.sort((a, b) => a.start - b.start);

  const words = NEUTRAL_WORDS[language];
  const capitalises = hasUpperCase(text);
  let output = '';
  let cursor = 0;
  const replacements: Replacement[] = [];
  for (const found of chosen) {
    output += text.slice(cursor, found.start);
    let word = words[found.kind];
    if (capitalises && startsSentence(text, found.start)) {
      word = word.charAt(0).toLocaleUpperCase(language) + word.slice(1);
    }
    replacements.push({ offset: output.length, length: word.length, kind: found.kind });
    output += word;
    cursor = found.end;
  }
  output += text.slice(cursor);
  return { text: output, replacements };
}
