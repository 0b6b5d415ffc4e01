import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Locale } from '../../../src/common/locale';
import {
  anonymiseDream,
  type DreamSpan,
} from '../../../src/day-of-show/performers-sheet/domain/anonymise-dream';

/** A label of the set: what it is, and where it is in the dream without its markup. */
export type LabelKind = 'author' | 'other' | 'place' | 'keep';

export interface Label {
  kind: LabelKind;
  start: number;
  end: number;
  text: string;
}

export interface LabelledDream {
  /** "dev/en.txt:12" */
  source: string;
  language: Locale;
  author: { name: string; email: string; phone: string };
  text: string;
  labels: Label[];
}

const KINDS: Record<string, LabelKind> = { a: 'author', o: 'other', p: 'place', k: 'keep' };
const MARKUP = /\[\[([aopk]):(.+?)\]\]/gu;

/** A line `name | email | phone | dream`, its markup read into labels. */
export function parseLine(line: string, language: Locale, source: string): LabelledDream {
  const fields = line.split(' | ');
  if (fields.length !== 4) throw new Error(`${source}: expected 4 fields, found ${fields.length}`);
  const [name, email, phone, marked] = fields;
  const labels: Label[] = [];
  let text = '';
  let cursor = 0;
  for (const match of marked.matchAll(MARKUP)) {
    text += marked.slice(cursor, match.index);
    labels.push({
      kind: KINDS[match[1]],
      start: text.length,
      end: text.length + match[2].length,
      text: match[2],
    });
    text += match[2];
    cursor = match.index + match[0].length;
  }
  text += marked.slice(cursor);
  if (text.includes('[[') || text.includes(']]')) throw new Error(`${source}: unread markup`);
  return { source, language, author: { name, email, phone }, text: text.normalize('NFC'), labels };
}

/** The set's folder: beside this file, or (compiled for `make bench`) in the sources. */
const SET_DIRECTORY = existsSync(path.join(__dirname, 'dev'))
  ? __dirname
  : path.resolve(__dirname, '../../../../../test/day-of-show/anonymiser-set');

/** The set's dreams in `folder` (dev or held-out), every language. */
export function readSet(folder: 'dev' | 'held-out'): LabelledDream[] {
  const directory = path.join(SET_DIRECTORY, folder);
  const dreams: LabelledDream[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const language = file.replace('.txt', '') as Locale;
    const lines = readFileSync(path.join(directory, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '' || line.startsWith('#')) return;
      dreams.push(parseLine(line, language, `${folder}/${file}:${index + 1}`));
    });
  }
  return dreams;
}

/** The words of a label (letters and digits), each to be covered. */
function labelWords(label: Label): { start: number; end: number }[] {
  const words = [];
  for (const match of label.text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    words.push({
      start: label.start + match.index,
      end: label.start + match.index + match[0].length,
    });
  }
  return words;
}

function overlaps(word: { start: number; end: number }, span: DreamSpan): boolean {
  const start = span.original.offset;
  const end = start + span.original.length;
  return word.start < end && start < word.end;
}

export interface Miss {
  source: string;
  kind: LabelKind;
  text: string;
}

export interface Score {
  dreams: number;
  author: { total: number; unmarked: number };
  others: { total: number; marked: number };
  places: { total: number; marked: number };
  keep: { total: number; replaced: number };
  /** Spans the reviewer would answer, all dreams together. */
  suspicions: number;
  /** Of those, the ones over no label that must go (an ordinary word flagged: the reviewer keeps it). */
  needlessSuspicions: number;
  misses: Miss[];
}

/**
 * The three figures of issue 51 on a set: the author's identifiers left unmarked (a word of
 * the label covered by no span, replaced or suspected), other people's names marked (every word
 * covered), ordinary words wrongly replaced (a word of the label under a replaced span). Places
 * (addresses, workplaces, plates) are counted beside them.
 */
export function scoreSet(dreams: readonly LabelledDream[]): Score {
  const score: Score = {
    dreams: dreams.length,
    author: { total: 0, unmarked: 0 },
    others: { total: 0, marked: 0 },
    places: { total: 0, marked: 0 },
    keep: { total: 0, replaced: 0 },
    suspicions: 0,
    needlessSuspicions: 0,
    misses: [],
  };
  for (const dream of dreams) {
    const { spans } = anonymiseDream(dream.text, dream.author, dream.language);
    const suspected = spans.filter((span) => span.kind === 'suspected');
    score.suspicions += suspected.length;
    score.needlessSuspicions += suspected.filter(
      (span) =>
        !dream.labels.some(
          (label) =>
            label.kind !== 'keep' && overlaps({ start: label.start, end: label.end }, span),
        ),
    ).length;
    for (const label of dream.labels) {
      const words = labelWords(label);
      const covered = words.every((word) => spans.some((span) => overlaps(word, span)));
      const replaced = words.some((word) =>
        spans.some((span) => span.kind === 'replaced' && overlaps(word, span)),
      );
      const miss = (): void => {
        score.misses.push({ source: dream.source, kind: label.kind, text: label.text });
      };
      if (label.kind === 'author') {
        score.author.total += 1;
        if (!covered) {
          score.author.unmarked += 1;
          miss();
        }
      } else if (label.kind === 'other') {
        score.others.total += 1;
        if (covered) score.others.marked += 1;
        else miss();
      } else if (label.kind === 'place') {
        score.places.total += 1;
        if (covered) score.places.marked += 1;
        else miss();
      } else {
        score.keep.total += 1;
        if (replaced) {
          score.keep.replaced += 1;
          miss();
        }
      }
    }
  }
  return score;
}

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : (100 * part) / whole;
}

/** The figures as printed: one line each, with the goal. */
export function describe(name: string, score: Score): string[] {
  const figure = (part: number, whole: number) =>
    `${percent(part, whole).toFixed(1)}% (${part} of ${whole})`;
  return [
    `${name}: ${score.dreams} dreams, ${score.suspicions} suspicions for the reviewer (${score.needlessSuspicions} on words that may stay)`,
    `  author's identifiers left unmarked: ${figure(score.author.unmarked, score.author.total)} (goal ≤ 2%)`,
    `  other people's names replaced or flagged: ${figure(score.others.marked, score.others.total)} (goal ≥ 90%)`,
    `  ordinary words wrongly replaced: ${figure(score.keep.replaced, score.keep.total)} (goal ≤ 3%)`,
    `  addresses, workplaces, plates marked: ${figure(score.places.marked, score.places.total)}`,
  ];
}
