/**
 * The anonymiser's spans in a dream's text (offsets and lengths in UTF-16 units, as the server
 * answers them), kept in place while the operator edits and carried onto the approved text.
 */
export interface TextSpan {
  offset: number;
  length: number;
}

export interface TextSegment<T extends TextSpan> {
  text: string;
  span?: T;
}

/**
 * Where each replacement is after an edit from `before` to `after` (one changed stretch: what a
 * keystroke, a paste or a cut does): one before the change stays, one after it moves by the
 * change's length, one the change falls inside grows or shrinks with it (the operator changed
 * the neutral word), and one the change cuts across is gone (the operator wrote over it).
 */
export function shiftReplacements<T extends TextSpan>(
  before: string,
  after: string,
  replacements: readonly T[],
): T[] {
  if (before === after) return [...replacements];
  const { start, tail } = commonEnds(before, after);
  return applyChange(replacements, {
    start,
    removed: before.length - tail - start,
    inserted: after.length - tail - start,
  });
}

/** One changed stretch: `removed` units at `start` became `inserted` units. */
interface Change {
  start: number;
  removed: number;
  inserted: number;
}

function commonEnds(before: string, after: string): { start: number; tail: number } {
  let start = 0;
  const shortest = Math.min(before.length, after.length);
  while (start < shortest && before[start] === after[start]) start += 1;
  let tail = 0;
  while (
    tail < shortest - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1;
  }
  return { start, tail };
}

function applyChange<T extends TextSpan>(spans: readonly T[], change: Change): T[] {
  const removedEnd = change.start + change.removed;
  const delta = change.inserted - change.removed;
  const kept: T[] = [];
  for (const span of spans) {
    const end = span.offset + span.length;
    if (end <= change.start) {
      kept.push(span);
    } else if (span.offset >= removedEnd) {
      kept.push({ ...span, offset: span.offset + delta });
    } else if (span.offset <= change.start && end >= removedEnd) {
      const length = span.length + delta;
      if (length > 0) kept.push({ ...span, length });
    }
  }
  return kept;
}

/** Words, runs of spaces, and each other character alone: what an edit changes. */
const TOKEN = /[\p{L}\p{M}\p{N}]+|\s+|[^]/gu;

/** Past this many token pairs the middle is taken as one change, not compared word by word. */
const MOST_PAIRS = 4_000_000;

/**
 * The changes from `before` to `after`, however many (a text edited and approved, read back
 * later): the common ends first, then the words between them compared by their longest common
 * sequence, each run of differing words one change, narrowed to the characters that differ.
 */
function changesBetween(before: string, after: string): Change[] {
  if (before === after) return [];
  const { start, tail } = commonEnds(before, after);
  const oldMiddle = before.slice(start, before.length - tail);
  const newMiddle = after.slice(start, after.length - tail);
  const oldTokens = oldMiddle.match(TOKEN) ?? [];
  const newTokens = newMiddle.match(TOKEN) ?? [];
  const rows = oldTokens.length;
  const columns = newTokens.length;
  if (rows === 0 || columns === 0 || rows * columns > MOST_PAIRS) {
    return [{ start, removed: oldMiddle.length, inserted: newMiddle.length }];
  }
  // lcs[i * (columns + 1) + j]: the longest common sequence of oldTokens[i..] and newTokens[j..].
  const width = columns + 1;
  const lcs = new Uint16Array((rows + 1) * width);
  for (let i = rows - 1; i >= 0; i -= 1) {
    for (let j = columns - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        oldTokens[i] === newTokens[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const changes: Change[] = [];
  let i = 0;
  let j = 0;
  let oldAt = start;
  let newAt = start;
  let open: { oldFrom: number; newFrom: number } | null = null;
  const close = () => {
    if (!open) return;
    const removed = before.slice(open.oldFrom, oldAt);
    const inserted = after.slice(open.newFrom, newAt);
    const narrow = commonEnds(removed, inserted);
    changes.push({
      start: open.oldFrom + narrow.start,
      removed: removed.length - narrow.start - narrow.tail,
      inserted: inserted.length - narrow.start - narrow.tail,
    });
    open = null;
  };
  while (i < rows || j < columns) {
    if (i < rows && j < columns && oldTokens[i] === newTokens[j]) {
      close();
      oldAt += oldTokens[i]!.length;
      newAt += newTokens[j]!.length;
      i += 1;
      j += 1;
      continue;
    }
    open ??= { oldFrom: oldAt, newFrom: newAt };
    if (j < columns && (i === rows || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)) {
      newAt += newTokens[j]!.length;
      j += 1;
    } else {
      oldAt += oldTokens[i]!.length;
      i += 1;
    }
  }
  close();
  return changes;
}

/**
 * Where each span of `before` is in `after`, however many places the text was changed (the
 * anonymised text and the text an operator approved from it): each change as shiftReplacements
 * takes one, from the last to the first so that the earlier offsets still hold.
 */
export function carryReplacements<T extends TextSpan>(
  before: string,
  after: string,
  spans: readonly T[],
): T[] {
  let carried = [...spans];
  for (const change of changesBetween(before, after).reverse()) {
    carried = applyChange(carried, change);
  }
  return carried.sort((a, b) => a.offset - b.offset);
}

/** The text in stretches, each span a stretch of its own, for highlighting. */
export function textSegments<T extends TextSpan>(
  text: string,
  spans: readonly T[],
): TextSegment<T>[] {
  const segments: TextSegment<T>[] = [];
  let cursor = 0;
  const ordered = [...spans]
    .filter((s) => s.offset >= 0 && s.length > 0 && s.offset + s.length <= text.length)
    .sort((a, b) => a.offset - b.offset);
  for (const span of ordered) {
    if (span.offset < cursor) continue;
    if (span.offset > cursor) segments.push({ text: text.slice(cursor, span.offset) });
    segments.push({ text: text.slice(span.offset, span.offset + span.length), span });
    cursor = span.offset + span.length;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}
