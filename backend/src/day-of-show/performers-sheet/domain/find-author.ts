import type { Locale } from '../../../common/locale';
import { namesNoPerson } from './contexts';
import { foldWord } from './fold-word';
import type { Found } from './found';
import { lexicon, type Lexicon } from './lexicon';
import { NICKNAMES } from './nicknames';
import { hasUpperCase, joined, joinedRuns, splitWords, type Word } from './words';

/** What the site knows of the dream's author (the registration's name, email and phone). */
export interface Author {
  name: string | null;
  email: string | null;
  phone: string | null;
}

const WORD = /[\p{L}\p{M}]+/gu;

/**
 * Endings a name takes in each language, folded: `whole` after the name as written (Romanian
 * Popescu → Popescului, Ion → Ionuț, Dan → Dane), `stem` after a name ending in a vowel less
 * that vowel (Romanian Maria → Mariei, Bianca → Biancăi, Mario; Italian Paolo → Paolino, Anna →
 * Annetta). English names take an apostrophe, which ends the word anyway.
 */
const NAME_ENDINGS: Record<Locale, { whole: string[]; stem: string[] }> = {
  en: { whole: ['s', 'ie', 'y'], stem: ['ie', 'y'] },
  it: {
    whole: ['ino', 'ina', 'etto', 'etta', 'ello', 'ella', 'uccio', 'uccia'],
    stem: ['ino', 'ina', 'etto', 'etta', 'ello', 'ella', 'uccio', 'uccia', 'uzzo', 'uzza'],
  },
  ro: {
    whole: [
      'ul',
      'ului',
      'lui',
      'le',
      'ule',
      'e',
      'ut',
      'uta',
      'ica',
      'el',
      'ei',
      'ucu',
      'usor',
      'ache',
    ],
    stem: ['ei', 'ai', 'o', 'uta', 'ica', 'ita', 'ucu', 'uca', 'ule', 'ului', 'el', 'ela'],
  },
};

const VOWEL_END = /[aeiou]$/;

/**
 * The parts of an author's name that are looked for: each word of two letters or more (a word
 * written in lower case beside capitalised ones, de, di, van, is a particle), and for a compound
 * its parts joined (Maria Grazia → Mariagrazia) and split (Anamaria → Ana, Maria).
 */
export function nameParts(name: string, firstNames: ReadonlySet<string> = new Set()): string[] {
  const words = name.normalize('NFC').match(WORD) ?? [];
  const capitalised = words.some(hasUpperCase);
  const parts = words
    .filter((word) => [...word].length >= 2)
    .filter((word) => !capitalised || hasUpperCase(word))
    .map(foldWord);
  const forms = new Set(parts);
  for (let index = 0; index + 1 < parts.length; index += 1)
    forms.add(parts[index] + parts[index + 1]);
  for (const part of parts) {
    for (let cut = 3; cut <= part.length - 3; cut += 1) {
      const [left, right] = [part.slice(0, cut), part.slice(cut)];
      if (firstNames.has(left) && firstNames.has(right)) {
        forms.add(left);
        forms.add(right);
      }
    }
  }
  return [...forms];
}

/** Every name the author may be called by: the parts and their nicknames' groups (any language). */
function authorForms(parts: readonly string[]): Set<string> {
  const forms = new Set(parts);
  const groups = Object.values(NICKNAMES).flat();
  for (const part of parts) {
    for (const group of groups) {
      const folded = group.map(foldWord);
      if (folded.includes(part)) for (const name of folded) forms.add(name);
    }
  }
  return forms;
}

function isNameForm(folded: string, form: string, language: Locale): boolean {
  if (folded === form) return true;
  if (form.length < 3) return false;
  const endings = NAME_ENDINGS[language];
  if (folded.startsWith(form) && endings.whole.includes(folded.slice(form.length))) return true;
  if (VOWEL_END.test(form) && form.length >= 4) {
    const stem = form.slice(0, -1);
    if (folded.startsWith(stem) && endings.stem.includes(folded.slice(stem.length))) return true;
  }
  return false;
}

function matchesAuthor(word: Word, forms: ReadonlySet<string>, language: Locale): boolean {
  if (forms.has(word.folded)) return true;
  for (const form of forms) if (isNameForm(word.folded, form, language)) return true;
  return false;
}

/** The author's email's local part and its pieces (maria.rossi88 → maria.rossi88, rossi88). */
function emailParts(email: string | null): string[] {
  const local = (email ?? '').toLowerCase().split('@')[0] ?? '';
  if (local.length < 4) return [];
  return [local, ...local.split(/[._-]/).filter((piece) => piece.length >= 5 && /\d/.test(piece))];
}

/**
 * The author's name in the dream, in every form the anonymiser knows (any case, with or without
 * diacritics, inflected, nicknames, parts of compound and hyphenated names), as runs of words:
 * replaced where sure; suspected where the word is also an ordinary word in a place where the
 * ordinary word may be meant (a sentence's start, a text all in lower case: "Dawn broke", "cielo
 * rosa"), or where another surname follows (someone else of the same first name); left alone
 * where it names a saint, a place or a title ("Sfântul Andrei", "Victoria Station"). Also the
 * author's handles: a word with digits or underscores holding a part of the name, or the email's
 * local part.
 */
export function findAuthor(text: string, author: Author, language: Locale): Found[] {
  const known = lexicon(language);
  const parts = nameParts(author.name ?? '', known.firstNames);
  const found: Found[] = [];
  found.push(...authorHandles(text, author, parts));
  if (parts.length === 0) return found;
  const forms = authorForms(parts);
  const caseMatters = hasUpperCase(text);
  const words = splitWords(text);
  const runs = joinedRuns(
    text,
    words,
    (word) =>
      matchesAuthor(word, forms, language) &&
      (!caseMatters || word.capitalised || isOnlyName(word, known)),
    (word) => matchesAuthor(word, forms, language) && (!caseMatters || word.capitalised),
  );
  for (const { first, last } of runs) {
    const run = words.slice(first, last + 1);
    if (namesNoPerson(text, words, run[0].index, run[run.length - 1].index, known, language))
      continue;
    // Another capitalised word joined to it: someone else of the same name ("Marco Ricci" for
    // Valentina Ricci, "Cristoforo Colombo" for Cristoforo Neri), someone famous, or a place:
    // the other finders decide.
    const next = words[last + 1];
    const previous = words[run[0].index - 1];
    if (
      (next !== undefined &&
        joined(text, words[last], next) &&
        next.capitalised &&
        [...next.text].length >= 2 &&
        !next.sentenceStart &&
        !matchesAuthor(next, forms, language)) ||
      (previous !== undefined &&
        joined(text, previous, run[0]) &&
        previous.capitalised &&
        known.firstNames.has(previous.folded) &&
        !matchesAuthor(previous, forms, language))
    ) {
      continue;
    }
    const ordinary = run.every((item) => known.words.hasLowerCase(item.text));
    // After a capitalised ordinary word, a name that is also a word may be a title's ("Amazing
    // Grace", "Big Ben"): suspected too.
    const afterCapitalisedWord =
      previous !== undefined &&
      joined(text, previous, run[0]) &&
      previous.capitalised &&
      !known.firstNames.has(previous.folded) &&
      known.words.hasLowerCase(previous.text);
    const ambiguous =
      ordinary &&
      (!caseMatters ||
        !run[0].capitalised ||
        (run[0].sentenceStart && run.length === 1) ||
        afterCapitalisedWord);
    found.push({
      start: run[0].start,
      end: run[run.length - 1].end,
      kind: ambiguous ? 'suspected' : 'replaced',
      category: 'author-name',
    });
  }
  return found;
}

/** A name the dictionary does not know in lower case: a lower-case "ionut" in a capitalised text. */
function isOnlyName(word: Word, known: Lexicon): boolean {
  return [...word.text].length >= 3 && !known.words.hasLowerCase(word.text);
}

const TOKEN = /[\p{L}\p{M}\p{N}_.]*[\p{L}\p{M}\p{N}_]/gu;

function authorHandles(text: string, author: Author, parts: readonly string[]): Found[] {
  const found: Found[] = [];
  const local = emailParts(author.email);
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const folded = foldWord(token);
    const isLocal = local.includes(folded);
    const handle =
      /[\d_]/u.test(token) &&
      /\p{L}/u.test(token) &&
      parts.some((part) => part.length >= 3 && folded.includes(part));
    if (!isLocal && !handle) continue;
    found.push({
      start: match.index,
      end: match.index + token.length,
      kind: 'replaced',
      category: isLocal ? 'author-email' : 'author-handle',
    });
  }
  return found;
}
