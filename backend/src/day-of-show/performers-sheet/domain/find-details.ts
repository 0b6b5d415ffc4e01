import type { Locale } from '../../../common/locale';
import { nameParts, type Author } from './find-author';
import { foldWord } from './fold-word';
import type { Found } from './found';
import type { SpanCategory } from './neutral-words';

/**
 * Emails (written, or spelled out: "dot … at", "punto … chiocciola", "punct … arond", spaces
 * around @), phone numbers (digits however spaced, or digits written as words), web addresses,
 * handles (with @, or after the name of a network), and licence plates. Each is replaced: the
 * author's own (the site knows their email and phone) under an `author-*` category.
 */

const TOP_LEVEL_DOMAINS =
  'com|net|org|ro|it|eu|io|me|info|co|uk|de|fr|es|app|dev|art|blog|online|site|xyz|tv|ly|link|page|edu|gov|ch|at|nl|be|md';

const DOT = String.raw`(?:\s*\.\s*|\s+(?:dot|punto|punct)\s+|\s*\((?:dot|punto|punct)\)\s*|\s*\[(?:dot|punto|punct)\]\s*)`;
const AT = String.raw`(?:\s*@\s*|\s+(?:at|chiocciola|arond|a\s+rond|la\s+arond|at\s+sign)\s+|\s*[[(](?:at|chiocciola|arond)[\])]\s*)`;
const LABEL = String.raw`[\p{L}\p{N}_%+-]+`;

/** An email as written or spelled: local part, @ or its word, domain, and a known top-level domain. */
const EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])${LABEL}(?:${DOT}${LABEL})*${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TOP_LEVEL_DOMAINS})(?![\p{L}\p{N}])`,
  'giu',
);

const WEB = new RegExp(
  String.raw`(?:https?:\/\/|www\.)[^\s<>"]+` +
    String.raw`|(?<![@\p{L}\p{N}._-])(?:[\p{L}\p{N}-]+\.)+(?:${TOP_LEVEL_DOMAINS})(?:\/[^\s<>"]*)?(?![\p{L}\p{N}])`,
  'giu',
);

const HANDLE = /(?<![\p{L}\p{N}_.@])@\s?[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?/gu;

/** A word joined by underscores (noah_sleeps, marta_sogna_23): a handle, never a word. */
const UNDERSCORED = /(?<![\p{L}\p{N}_.@])[\p{L}\p{N}]+(?:_[\p{L}\p{N}]*)+(?![\p{L}\p{N}_])/gu;

/** 7 to 15 digits, with the separators people write numbers with; + or 00 before a country code. */
const PHONE = /(?<![\p{L}\p{N}(])(?:\+|00)?\s?\(?\d(?:[ .\-/()]{0,3}\d){6,14}(?![\p{L}\p{N}])/gu;
/** A date (12.03.2024, 1/2/25) is not a phone number. */
const DATE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;

/** Licence plates: Romanian (B 123 ABC, CJ-12-XYZ), Italian (AB 123 CD), British (AB12 CDE). */
const PLATE =
  /(?<![\p{L}\p{N}])(?:[A-Z]{1,2}[ -]?\d{2,3}[ -]?[A-Z]{3}|[A-Z]{2}[ -]?\d{3}[ -]?[A-Z]{2}|[A-Z]{2}\d{2}[ -]?[A-Z]{3})(?![\p{L}\p{N}])/gu;

/** Punctuation that ends a sentence rather than an address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"»”’]+$/u;

/** Digits as words, in each language (folded), and what they stand for. */
const DIGIT_WORDS: Record<Locale, Record<string, string>> = {
  en: {
    zero: '0',
    oh: '0',
    o: '0',
    one: '1',
    two: '2',
    three: '3',
    four: '4',
    five: '5',
    six: '6',
    seven: '7',
    eight: '8',
    nine: '9',
  },
  it: {
    zero: '0',
    uno: '1',
    un: '1',
    due: '2',
    tre: '3',
    quattro: '4',
    cinque: '5',
    sei: '6',
    sette: '7',
    otto: '8',
    nove: '9',
  },
  ro: {
    zero: '0',
    unu: '1',
    una: '1',
    doi: '2',
    doua: '2',
    trei: '3',
    patru: '4',
    cinci: '5',
    sase: '6',
    sapte: '7',
    opt: '8',
    noua: '9',
  },
};

/** Words that double the next digit ("double seven"), by language. */
const DOUBLE: Record<Locale, string[]> = { en: ['double'], it: ['doppio'], ro: ['dublu'] };

/** Networks after whose name a word is a handle ("my TikTok, noahsleepsalot"). */
const NETWORKS =
  /\b(?:instagram|insta|ig|tiktok|tik tok|twitter|snapchat|snap|telegram|discord|facebook|fb|threads|youtube|twitch|reddit|bluesky|mastodon|x)\b/iu;

function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** The author's phone, as digits without a country code: the last 9 (or all, if fewer). */
function phoneTail(phone: string | null | undefined): string | null {
  const digits = digitsOf(phone ?? '');
  if (digits.length < 7) return null;
  return digits.slice(-9);
}

function isAuthorsPhone(digits: string, author: Author): boolean {
  const tail = phoneTail(author.phone);
  if (!tail) return false;
  const ours = digits.slice(-9);
  return ours.length >= 7 && (tail.endsWith(ours) || ours.endsWith(tail));
}

/** An email as the words spell it, in its written form: maria.rossi@gmail.com. */
export function spelledEmail(value: string): string {
  return value
    .toLowerCase()
    .replace(/\s*[[(]?(?:chiocciola|arond|a\s+rond|at\s+sign)[\])]?\s*/gu, '@')
    .replace(/\s+la\s+@/gu, '@')
    .replace(/\s*[[(]at[\])]\s*|\s+at\s+/gu, '@')
    .replace(/\s*[[(]?(?:dot|punto|punct)[\])]?\s*/gu, '.')
    .replace(/\s*\.\s*/gu, '.')
    .replace(/\s*@\s*/gu, '@');
}

function emailCategory(value: string, author: Author): SpanCategory {
  return author.email && spelledEmail(value) === author.email.toLowerCase().trim()
    ? 'author-email'
    : 'email';
}

function regexFinds(
  text: string,
  pattern: RegExp,
): { start: number; end: number; value: string }[] {
  const found = [];
  for (const match of text.matchAll(pattern)) {
    found.push({ start: match.index, end: match.index + match[0].length, value: match[0] });
  }
  return found;
}

/** Phone numbers written as words (zero sette quattro…), or words and digits mixed. */
function phonesInWords(text: string, author: Author, language: Locale): Found[] {
  const words = DIGIT_WORDS[language];
  const found: Found[] = [];
  const token = /[\p{L}\p{M}]+|\d+|\+/gu;
  let run: { start: number; end: number; digits: string } | null = null;
  let pendingDouble = false;
  const close = () => {
    if (run && run.digits.length >= 7) {
      found.push({
        start: run.start,
        end: run.end,
        kind: 'replaced',
        category: isAuthorsPhone(run.digits, author) ? 'author-phone' : 'phone',
      });
    }
    run = null;
    pendingDouble = false;
  };
  let lastEnd = 0;
  for (const match of text.matchAll(token)) {
    const value = match[0];
    const start = match.index;
    const end = start + value.length;
    const gap = text.slice(lastEnd, start);
    if (run && !/^[\s,.\-/]*$/u.test(gap)) close();
    lastEnd = end;
    const folded = foldWord(value);
    let digits: string | null = null;
    if (/^\d+$/.test(value)) digits = value;
    else if (value === '+') digits = '';
    else if (folded in words && (folded.length > 1 || run)) digits = words[folded];
    else if (DOUBLE[language].includes(folded)) {
      pendingDouble = true;
      if (!run) run = { start, end, digits: '' };
      run.end = end;
      continue;
    }
    if (digits === null) {
      close();
      continue;
    }
    if (pendingDouble) {
      digits = digits + digits;
      pendingDouble = false;
    }
    if (!run) run = { start, end, digits: '' };
    run.end = end;
    run.digits += digits;
  }
  close();
  // A run of digits alone is the digits' own finder's; a run of words is this one's.
  return found.filter((item) => /\p{L}/u.test(text.slice(item.start, item.end)));
}

/** Handles given without @ after the name of a network: the next word that is no plain word. */
function handlesAfterNetworks(text: string): Found[] {
  const found: Found[] = [];
  const network = new RegExp(NETWORKS.source, 'giu');
  for (const match of text.matchAll(network)) {
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 60);
    const candidate =
      /^[\s,:;–—-]*(?:(?:is|e|è|este|sunt|sono|am|as|ca|come|called|username|handle|account|profile|profilo|contul|meu|mio|my|mi|trovi|find me|gasesti|găsești|me)[\s,:;]+)*([\p{L}\p{N}][\p{L}\p{N}_.]{3,})/iu.exec(
        after,
      );
    if (!candidate) continue;
    const word = candidate[1].replace(/\.+$/u, '');
    // A handle is written in lower case or with digits, dots or underscores; a capitalised word
    // after a network's name is a sentence going on ("on Instagram Maria saw…").
    if (!/[\d_.]/u.test(word) && word !== word.toLowerCase()) continue;
    if (!/[\d_.]/u.test(word) && word.length < 8) continue;
    const start = match.index + match[0].length + candidate[0].length - candidate[1].length;
    found.push({ start, end: start + word.length, kind: 'replaced', category: 'author-handle' });
  }
  return found;
}

export function findDetails(text: string, author: Author, language: Locale): Found[] {
  const found: Found[] = [];
  for (const { start, value } of regexFinds(text, EMAIL)) {
    const trimmed = value.replace(TRAILING_PUNCTUATION, '');
    found.push({
      start,
      end: start + trimmed.length,
      kind: 'replaced',
      category: emailCategory(trimmed, author),
    });
  }
  for (const { start, value } of regexFinds(text, WEB)) {
    const trimmed = value.replace(TRAILING_PUNCTUATION, '');
    if (trimmed.length > 0)
      found.push({ start, end: start + trimmed.length, kind: 'replaced', category: 'web' });
  }
  const parts = nameParts(author.name ?? '').filter((part) => part.length >= 3);
  for (const { start, end, value } of [
    ...regexFinds(text, HANDLE),
    ...regexFinds(text, UNDERSCORED),
  ]) {
    const folded = foldWord(value);
    const own = parts.some((part) => folded.includes(part));
    found.push({ start, end, kind: 'replaced', category: own ? 'author-handle' : 'handle' });
  }
  found.push(...handlesAfterNetworks(text));
  for (const { start, value } of regexFinds(text, PHONE)) {
    const trimmed = value.trimEnd();
    if (DATE.test(trimmed)) continue;
    found.push({
      start,
      end: start + trimmed.length,
      kind: 'replaced',
      category: isAuthorsPhone(digitsOf(trimmed), author) ? 'author-phone' : 'phone',
    });
  }
  found.push(...phonesInWords(text, author, language));
  for (const { start, end } of regexFinds(text, PLATE)) {
    found.push({ start, end, kind: 'replaced', category: 'plate' });
  }
  return found;
}
