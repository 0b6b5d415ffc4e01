import { foldWord } from './fold-word';

/** A word of a dream: its letters (with marks), where it is, and the text around it. */
export interface Word {
  text: string;
  folded: string;
  start: number;
  end: number;
  /** The index of the word among the dream's words. */
  index: number;
  capitalised: boolean;
  /** First of its sentence: after the text's start, a full stop, a question, a line break. */
  sentenceStart: boolean;
}

const WORD = /[\p{L}\p{M}]+/gu;

export function hasUpperCase(text: string): boolean {
  return /\p{Lu}/u.test(text);
}

export function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  for (const match of text.matchAll(WORD)) {
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    words.push({
      text: match[0],
      folded: foldWord(match[0]),
      start: match.index,
      end: match.index + match[0].length,
      index: words.length,
      capitalised: isCapitalised(match[0]),
      sentenceStart:
        words.length === 0 ||
        /(?:^|[.!?…:;\n]|\n\s*[-–—•*]|[.!?…:]\s*[-–—"“”«»'‘’(])\s*["“”«»'‘’(]*\s*$/u.test(before) ||
        /^\s*$/u.test(text.slice(0, match.index)),
    });
  }
  return words;
}

/** What lies between two words: only spaces (one name's parts), or a hyphen. */
export function joined(text: string, left: Word, right: Word): boolean {
  return /^(?:[ \t]+|-|[ \t]*-[ \t]*)$/u.test(text.slice(left.end, right.start));
}

/**
 * The runs of joined words of a text, in order, by their first and last word's index: each
 * begins at a word `starts` takes, and goes on through the words joined after it that `continues`
 * takes. The next run is looked for after the last word of the one before.
 */
export function* joinedRuns(
  text: string,
  words: readonly Word[],
  starts: (word: Word, index: number) => boolean,
  continues: (word: Word) => boolean,
): Generator<{ first: number; last: number }> {
  let first = 0;
  while (first < words.length) {
    if (!starts(words[first], first)) {
      first += 1;
      continue;
    }
    let last = first;
    while (
      last + 1 < words.length &&
      joined(text, words[last], words[last + 1]) &&
      continues(words[last + 1])
    ) {
      last += 1;
    }
    yield { first, last };
    first = last + 1;
  }
}

/** "Noah's", "Noah’s": the word after is a possessive's s. */
export function possessiveAfter(text: string, word: Word): boolean {
  return /^['’]s?(?![\p{L}])/u.test(text.slice(word.end));
}
