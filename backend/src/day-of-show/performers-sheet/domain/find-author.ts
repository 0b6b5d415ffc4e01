import type { Locale } from '../../../common/locale';
import { foldWord } from './fold-word';
import type { Found } from './found';

/** What the site knows of the dream's author (the registration's name, email and phone). */
export interface Author {
  name: string | null;
  email: string | null;
  phone: string | null;
}

const WORD = /[\p{L}\p{M}]+/gu;

function hasUpperCase(text: string): boolean {
  return /\p{Lu}/u.test(text);
}

/** The parts of an author's name: each word of two letters or more, particles left out. */
export function nameParts(name: string): string[] {
  const words = name.normalize('NFC').match(WORD) ?? [];
  const capitalised = words.some(hasUpperCase);
  const parts = words
    .filter((word) => [...word].length >= 2)
    .filter((word) => !capitalised || hasUpperCase(word))
    .map(foldWord);
  return [...new Set(parts)];
}

export function findAuthor(text: string, author: Author, language: Locale): Found[] {
  const parts = nameParts(author.name ?? '');
  if (parts.length === 0) return [];
  const caseMatters = hasUpperCase(text);
  const found: Found[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (caseMatters && !hasUpperCase(word)) continue;
    if (!parts.includes(foldWord(word))) continue;
    found.push({
      start: match.index,
      end: match.index + word.length,
      kind: 'replaced',
      category: 'author-name',
    });
  }
  void language;
  return found;
}
