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

/**
 * Words, and each other character alone, each with the spaces after it: what an edit changes. A
 * space is never an anchor of its own, so "someone" rewritten "a friend" is one change.
 */
const TOKEN = /[\p{L}\p{M}\p{N}]+\s*|\s+|[^]\s*/gu;

/** Past this many differing words the middle is taken as one change, not compared word by word. */
const MOST_EDITS = 600;

/**
 * The pairs of equal tokens of a shortest edit script from `a` to `b` (Myers' O((N+M)D) greedy
 * algorithm: fast for a text edited in a few places, however long), in order; null when more
 * than `limit` tokens differ.
 */
function equalPairs(a: readonly string[], b: readonly string[], limit: number): boolean[] | null {
  const n = a.length;
  const m = b.length;
  const most = Math.min(n + m, limit);
  const offset = most + 1;
  const v = new Int32Array(2 * most + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= most; d += 1) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, offset, n, m);
    }
  }
  return null;
}

/** Which tokens of `a` the edit script keeps (each kept one matches the next kept one of `b`). */
function backtrack(trace: readonly Int32Array[], offset: number, n: number, m: number): boolean[] {
  const kept = new Array<boolean>(n).fill(false);
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const v = trace[d]!;
    const k = x - y;
    const previousK =
      k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const previousX = d === 0 ? 0 : v[offset + previousK]!;
    const previousY = d === 0 ? 0 : previousX - previousK;
    while (x > previousX && y > previousY) {
      x -= 1;
      y -= 1;
      kept[x] = true;
    }
    x = previousX;
    y = previousY;
  }
  return kept;
}

/**
 * The changes from `before` to `after`, however many (a text edited and approved, read back
 * later): the common ends first, then the words between them compared by a shortest edit
 * script, each run of differing words one change, narrowed to the characters that differ.
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
  const kept = rows === 0 || columns === 0 ? null : equalPairs(oldTokens, newTokens, MOST_EDITS);
  if (!kept) return [{ start, removed: oldMiddle.length, inserted: newMiddle.length }];
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
  // Each kept token of the old text meets the next token of the new one that is equal to it.
  while (i < rows || j < columns) {
    if (i < rows && kept[i] && j < columns && oldTokens[i] === newTokens[j]) {
      close();
      oldAt += oldTokens[i]!.length;
      newAt += newTokens[j]!.length;
      i += 1;
      j += 1;
      continue;
    }
    open ??= { oldFrom: oldAt, newFrom: newAt };
    if (i < rows && !kept[i]) {
      oldAt += oldTokens[i]!.length;
      i += 1;
    } else {
      newAt += newTokens[j]!.length;
      j += 1;
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
