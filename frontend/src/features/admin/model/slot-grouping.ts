const TWELVE_HOUR_LABELS: Record<string, string> = {
  '19:00': '7:00 PM',
  '19:30': '7:30 PM',
  '20:00': '8:00 PM',
  '20:45': '8:45 PM',
  '21:00': '9:00 PM',
  '22:00': '10:00 PM',
  '22:30': '10:30 PM',
};

/**
 * SPEC section 9: the known 24-hour times read as 12-hour labels; a time with ' - ' in it
 * ('Oct 30 - 7:30pm') is grouped by the part after it. Any other time is kept as it is.
 */
export function slotTimeLabel(time: string): string {
  const trimmed = time.trim();
  const separator = trimmed.indexOf(' - ');
  if (separator >= 0) return trimmed.slice(separator + 3).trim();
  return TWELVE_HOUR_LABELS[trimmed] ?? trimmed;
}

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
