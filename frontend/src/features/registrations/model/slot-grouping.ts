export { slotTimeLabel } from '../../../lib/admin-session/place-names';

export type SlotBadge = 'full' | 'almostFull' | 'open' | 'closed' | 'past';

/** A slot counts as almost full from this share of its own seat limit (18 of SPEC's 20). */
export const ALMOST_FULL_SHARE = 0.9;

/**
 * A slot's badge, relative to its own limit: FULL when every seat is taken, ALMOST FULL from 90%
 * of them, open otherwise; a slot that has started says PAST, and one the operator closed says
 * CLOSED, whatever its seats.
 */
export function slotBadge(
  seats: number,
  limit: number,
  schedule?: { status: string; startsAt: string },
  now = Date.now(),
): SlotBadge {
  if (schedule && Date.parse(schedule.startsAt) <= now) return 'past';
  if (schedule?.status === 'closed') return 'closed';
  if (seats >= limit) return 'full';
  if (seats >= Math.ceil(limit * ALMOST_FULL_SHARE)) return 'almostFull';
  return 'open';
}
