import { dateTimeFormat } from '../../../lib/intl-formats';
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

/**
 * A slot as the operator reads it: its current start, in its event's time zone ('Fri, Dec 11,
 * 8:00 PM'), so two 7:30pm slots on different days read apart and a moved slot reads as it now
 * is. Its key (`time`) stays what requests name it by; a slot the tour does not know reads as
 * SPEC's grouping label of its key.
 */
export function slotName(
  slot: { startsAt?: string } | undefined,
  time: string,
  locale: string,
  timeZone: string | undefined,
): string {
  const startsAt = slot?.startsAt ? new Date(slot.startsAt) : undefined;
  if (!startsAt || Number.isNaN(startsAt.getTime())) return slotTimeLabel(time);
  return dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(startsAt);
}
