import type { PerformersSheet, SheetDream, SheetSpan } from '../api/get-performers-sheet';
import { carryReplacements, type TextSpan } from './sheet-replacements';

/** A span of the anonymiser where it stands in a text (the anonymised one, or a draft of it). */
export type PlacedSpan = TextSpan & Omit<SheetSpan, 'original' | 'anonymised'>;

/** The text an operator is to approve for a dream, with the anonymiser's spans where they are. */
export interface DreamDraft {
  text: string;
  spans: PlacedSpan[];
}

/** A suspicion of the sheet, named as the answers route names it. */
export interface SuspicionRef {
  registrationId: string;
  spanId: string;
}

function placed(span: SheetSpan, range: TextSpan): PlacedSpan {
  const { original: _original, anonymised: _anonymised, ...rest } = span;
  return { ...rest, offset: range.offset, length: range.length };
}

/** The spans as they stand in the anonymised text. */
export function anonymisedSpans(dream: SheetDream): PlacedSpan[] {
  return dream.anonymised.spans.map((span) => placed(span, span.anonymised));
}

/** The spans as they stand in the text the author wrote. */
export function originalSpans(dream: SheetDream): PlacedSpan[] {
  return dream.anonymised.spans.map((span) => placed(span, span.original));
}

/**
 * The draft a dream starts from: the approved text, or else the server's anonymisation; the
 * anonymiser's spans follow the approved text wherever the operator left them.
 */
export function initialDraft(dream: SheetDream): DreamDraft {
  const spans = anonymisedSpans(dream);
  const { text } = dream.anonymised;
  if (dream.approvedText === null) return { text, spans };
  return {
    text: dream.approvedText,
    spans: carryReplacements(text, dream.approvedText, spans),
  };
}

/**
 * The draft after the reviewer answered suspicions (the server's anonymisation changed from
 * `before` to `after` where an answer put the neutral words or gave the original ones back):
 * each answered span's words change in the draft too, wherever the operator's edits left it,
 * and the operator's other edits stay.
 */
export function rebaseDraft(draft: DreamDraft, before: SheetDream, after: SheetDream): DreamDraft {
  if (draft.text === before.anonymised.text) return initialDraft({ ...after, approvedText: null });
  const words = (dream: SheetDream, span: SheetSpan) =>
    dream.anonymised.text.slice(
      span.anonymised.offset,
      span.anonymised.offset + span.anonymised.length,
    );
  const previous = new Map(before.anonymised.spans.map((span) => [span.id, span]));
  let text = draft.text;
  // From the last span to the first, so that the earlier offsets still hold.
  for (const current of [...draft.spans].sort((a, b) => b.offset - a.offset)) {
    const was = previous.get(current.id);
    const now = after.anonymised.spans.find((span) => span.id === current.id);
    if (!was || !now) continue;
    const from = words(before, was);
    const to = words(after, now);
    if (from === to || text.slice(current.offset, current.offset + current.length) !== from) {
      continue;
    }
    text = text.slice(0, current.offset) + to + text.slice(current.offset + current.length);
  }
  return { text, spans: carryReplacements(after.anonymised.text, text, anonymisedSpans(after)) };
}

/** Whether a span is a suspicion the reviewer has not answered yet. */
export function isOpen(span: Pick<SheetSpan, 'kind' | 'answer'>): boolean {
  return span.kind === 'suspected' && span.answer === null;
}

/** The sheet's open suspicions, dream after dream by seat, each dream's in the order of its text. */
export function openSuspicions(sheet: PerformersSheet): SuspicionRef[] {
  return sheet.dreams.flatMap((dream) =>
    [...dream.anonymised.spans]
      .sort((a, b) => a.original.offset - b.original.offset)
      .filter(isOpen)
      .map((span) => ({ registrationId: dream.registrationId, spanId: span.id })),
  );
}

/**
 * The open suspicion to go to from `from` (a suspicion, answered or not, or nothing): the next
 * one after it in the sheet's order, coming round to the first; `from` itself never.
 */
export function nextOpenSuspicion(
  sheet: PerformersSheet,
  from: SuspicionRef | null,
): SuspicionRef | null {
  const open = openSuspicions(sheet);
  if (!from) return open[0] ?? null;
  const order = sheet.dreams.flatMap((dream) =>
    [...dream.anonymised.spans]
      .sort((a, b) => a.original.offset - b.original.offset)
      .filter((span) => span.kind === 'suspected')
      .map((span) => `${dream.registrationId} ${span.id}`),
  );
  const key = (ref: SuspicionRef) => `${ref.registrationId} ${ref.spanId}`;
  const at = order.indexOf(key(from));
  const later = open.find((ref) => order.indexOf(key(ref)) > at);
  return later ?? open.find((ref) => key(ref) !== key(from)) ?? null;
}

/** Why the print is held, the first that applies, or null when the sheet may be printed. */
export type PrintHold =
  | { reason: 'open'; count: number }
  | { reason: 'personal'; seats: number[] }
  | { reason: 'none' }
  | null;

export function printHold(sheet: PerformersSheet): PrintHold {
  if (sheet.openSuspicions > 0) return { reason: 'open', count: sheet.openSuspicions };
  const personal = sheet.dreams.filter(
    (dream) =>
      dream.approvedText !== null && dream.stillPersonal.length > 0 && !dream.stillPersonalAccepted,
  );
  if (personal.length > 0) return { reason: 'personal', seats: personal.map((d) => d.seat) };
  if (!sheet.dreams.some((dream) => dream.approvedText !== null)) return { reason: 'none' };
  return null;
}
