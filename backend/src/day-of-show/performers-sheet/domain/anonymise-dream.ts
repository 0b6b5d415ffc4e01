import type { Locale } from '../../../common/locale';
import { findAuthor, type Author } from './find-author';
import { findDetails } from './find-details';
import { findOthers } from './find-others';
import type { Found } from './found';
import { foldWord } from './fold-word';
import {
  AUTHOR_INITIAL,
  DETERMINERS,
  NEUTRAL_WORDS,
  OTHER_INITIALS,
  type SpanCategory,
  type SpanKind,
  type SuspicionAnswer,
} from './neutral-words';

export type { Author } from './find-author';

/**
 * The performers' sheet's anonymiser, the one place it is written. What it is sure of (the
 * author's name, email, phone and handles in every form it knows; any email, phone, web address
 * or @handle) it replaces; what only points at someone (another person's name, an address, a
 * workplace, a plate) it marks as suspected, for the reviewer to answer. Offsets and lengths are
 * in UTF-16 code units, as JavaScript indexes strings.
 */
export interface TextRange {
  offset: number;
  length: number;
}

export interface DreamSpan {
  /** Stable while the dream is unchanged: the span's place in the original, "start-end". */
  id: string;
  kind: SpanKind;
  category: SpanCategory;
  original: TextRange;
  anonymised: TextRange;
  /** The neutral words that stand (replaced) or would stand (suspected) in its place. */
  replacement: string;
  /** The reviewer's answer to a suspicion; null while open, and for a sure replacement. */
  answer: SuspicionAnswer | null;
}

export interface AnonymisedDream {
  original: string;
  text: string;
  spans: DreamSpan[];
  openSuspicions: number;
}

/** A reviewer's answer, as recorded: the suspicion's id and the words it was about. */
export interface SheetAnswer {
  spanId: string;
  text: string;
  answer: SuspicionAnswer;
}

/** Where a neutral word starts a sentence, it takes a capital as the text did. */
function startsSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).trimEnd();
  return before.length === 0 || /[.!?…]["'»”’)]*$/u.test(before);
}

function previousWord(text: string, index: number): string {
  const match = /([\p{L}\p{M}]+)['’]?\s*$/u.exec(text.slice(Math.max(0, index - 40), index));
  return match ? foldWord(match[1]) : '';
}

/** Earlier (sure before suspected, then longer) wins where two overlap. */
function choose(candidates: Found[]): Found[] {
  const ordered = [...candidates].sort(
    (a, b) =>
      Number(a.kind === 'suspected') - Number(b.kind === 'suspected') ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );
  const chosen: Found[] = [];
  for (const candidate of ordered) {
    if (chosen.some((taken) => candidate.start < taken.end && taken.start < candidate.end))
      continue;
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** Every span the anonymiser finds in `text`, before any answer. */
export function findSpans(text: string, author: Author, language: Locale): Found[] {
  return choose([
    ...findDetails(text, author, language),
    ...findAuthor(text, author, language),
    ...findOthers(text, author, language),
  ]);
}

export function anonymiseDream(
  dream: string,
  author: Author,
  language: Locale,
  answers: readonly SheetAnswer[] = [],
): AnonymisedDream {
  const text = dream.normalize('NFC');
  const found = findSpans(text, author, language);
  const capitalises = /\p{Lu}/u.test(text);
  const people = new Map<string, string>();
  let output = '';
  let cursor = 0;
  let openSuspicions = 0;
  const spans: DreamSpan[] = [];
  for (const item of found) {
    output += text.slice(cursor, item.start);
    const id = `${item.start}-${item.end}`;
    const written = text.slice(item.start, item.end);
    const given =
      item.kind === 'suspected'
        ? (answers.find((answer) => answer.spanId === id && answer.text === written)?.answer ??
          null)
        : null;
    let replacement: string;
    if (item.category === 'author-name') {
      replacement = AUTHOR_INITIAL;
    } else if (item.category === 'other-person') {
      const key = item.person ?? foldWord(written);
      if (!people.has(key))
        people.set(key, `${OTHER_INITIALS[people.size % OTHER_INITIALS.length]}.`);
      replacement = people.get(key) as string;
    } else {
      const words = NEUTRAL_WORDS[language][item.category];
      replacement = DETERMINERS[language].has(previousWord(text, item.start))
        ? words.bare
        : words.article;
      if (capitalises && startsSentence(text, item.start)) {
        replacement = replacement.charAt(0).toLocaleUpperCase(language) + replacement.slice(1);
      }
    }
    // An initial ends with a full stop: not twice where the sentence ends there too.
    const stands = item.kind === 'replaced' || given === 'replace';
    let words = stands ? replacement : written;
    if (stands && words.endsWith('.') && text.charAt(item.end) === '.') words = words.slice(0, -1);
    if (item.kind === 'suspected' && given === null) openSuspicions += 1;
    spans.push({
      id,
      kind: item.kind,
      category: item.category,
      original: { offset: item.start, length: item.end - item.start },
      anonymised: { offset: output.length, length: words.length },
      replacement,
      answer: given,
    });
    output += words;
    cursor = item.end;
  }
  output += text.slice(cursor);
  return { original: text, text: output, spans, openSuspicions };
}

/**
 * What the anonymiser would still replace in a text (an approved one): its categories, each
 * once, in SPAN_CATEGORIES' order. Suspicions are not counted: the reviewer answered them.
 */
export function personalCategories(text: string, author: Author, language: Locale): SpanCategory[] {
  const found = new Set(
    findSpans(text.normalize('NFC'), author, language)
      .filter((item) => item.kind === 'replaced')
      .map((item) => item.category),
  );
  return [...found];
}
