export const SEATS_PER_SLOT = 20;
export const ALMOST_FULL_AT = 18;

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

export type SlotBadge = 'full' | 'almostFull' | 'open';

/** By registered count: 20 or more FULL (red), 18 or 19 ALMOST FULL, otherwise open (green). */
export function slotBadge(registered: number): SlotBadge {
  if (registered >= SEATS_PER_SLOT) return 'full';
  if (registered >= ALMOST_FULL_AT) return 'almostFull';
  return 'open';
}
