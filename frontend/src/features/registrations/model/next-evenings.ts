import { findSlot, type CatalogueEvent } from '../../../lib/catalogue';
import type { SlotTotals } from '../api/get-registration-page';

/**
 * A slot stays among the next evenings this long after its start: while its show runs and the
 * door still checks people in, it is the evening's work, not the past.
 */
export const STILL_TONIGHT_MS = 2 * 60 * 60 * 1000;

export interface EveningSlot extends SlotTotals {
  /** When it starts, as the tour says; null for a slot the tour no longer knows. */
  startsAt: string | null;
}

/**
 * The slots of the tour split into those still to come (the soonest first) and the past ones
 * (the latest first), each with its seat counts. A slot the tour no longer knows is past.
 */
export function nextEvenings(
  slots: readonly SlotTotals[],
  tour: readonly CatalogueEvent[] | undefined,
  now: number,
): { upcoming: EveningSlot[]; past: EveningSlot[] } {
  const dated = slots.map((slot) => ({
    ...slot,
    startsAt: findSlot(tour ? [...tour] : undefined, slot.event, slot.time)?.slot?.startsAt ?? null,
  }));
  const startOf = (slot: EveningSlot) => (slot.startsAt ? Date.parse(slot.startsAt) : Number.NaN);
  const upcoming = dated
    .filter((slot) => startOf(slot) + STILL_TONIGHT_MS > now)
    .sort((a, b) => startOf(a) - startOf(b));
  const past = dated
    .filter((slot) => !(startOf(slot) + STILL_TONIGHT_MS > now))
    .sort((a, b) => (startOf(b) || 0) - (startOf(a) || 0));
  return { upcoming, past };
}
