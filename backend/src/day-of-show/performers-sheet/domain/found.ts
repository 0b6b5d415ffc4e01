import type { SpanCategory, SpanKind } from './neutral-words';

/** A span a finder found in the original text, before the choice between overlapping ones. */
export interface Found {
  start: number;
  end: number;
  kind: SpanKind;
  category: SpanCategory;
  /** Who it names, folded, so that the same person takes the same initial. */
  person?: string;
}
