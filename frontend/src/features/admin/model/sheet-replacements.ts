/**
 * The replacements of a dream on the performers' sheet, as the server's anonymiser answers them
 * (offsets and lengths in the text, UTF-16 units), kept in place while the operator edits.
 */
export interface SheetReplacement {
  offset: number;
  length: number;
  kind: 'name' | 'email' | 'phone' | 'web' | 'handle';
}

export interface TextSegment {
  text: string;
  replacement?: SheetReplacement;
}

/**
 * Where each replacement is after an edit from `before` to `after` (one changed stretch: what a
 * keystroke, a paste or a cut does): one before the change stays, one after it moves by the
 * change's length, one the change falls inside grows or shrinks with it (the operator changed
 * the neutral word), and one the change cuts across is gone (the operator wrote over it).
 */
export function shiftReplacements(
  before: string,
  after: string,
  replacements: readonly SheetReplacement[],
): SheetReplacement[] {
  if (before === after) return [...replacements];
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
  const removedEnd = before.length - tail;
  const delta = after.length - before.length;
  const kept: SheetReplacement[] = [];
  for (const replacement of replacements) {
    const end = replacement.offset + replacement.length;
    if (end <= start) {
      kept.push(replacement);
    } else if (replacement.offset >= removedEnd) {
      kept.push({ ...replacement, offset: replacement.offset + delta });
    } else if (replacement.offset <= start && end >= removedEnd) {
      const length = replacement.length + delta;
      if (length > 0) kept.push({ ...replacement, length });
    }
  }
  return kept;
}

/** The text in stretches, each replacement a stretch of its own, for highlighting. */
export function textSegments(
  text: string,
  replacements: readonly SheetReplacement[],
): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  const ordered = [...replacements]
    .filter((r) => r.offset >= 0 && r.length > 0 && r.offset + r.length <= text.length)
    .sort((a, b) => a.offset - b.offset);
  for (const replacement of ordered) {
    if (replacement.offset < cursor) continue;
    if (replacement.offset > cursor)
      segments.push({ text: text.slice(cursor, replacement.offset) });
    segments.push({
      text: text.slice(replacement.offset, replacement.offset + replacement.length),
      replacement,
    });
    cursor = replacement.offset + replacement.length;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}
