import type { AdminRegistration, CapacityByEvent } from '../api/admin-registration';

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

export interface SlotGroup {
  key: string;
  event: string;
  timeLabel: string;
  /** The raw times that share this label, in first-seen order. */
  times: string[];
  registrations: AdminRegistration[];
  /** Seats taken: from the capacity answer when it knows the slot, else the confirmed rows. */
  registered: number;
  waiting: number;
  limit: number;
  badge: SlotBadge;
}

/** Registrations grouped by event and time label, in the order the list first shows them. */
export function groupBySlot(
  registrations: AdminRegistration[],
  capacity?: CapacityByEvent,
): SlotGroup[] {
  const groups = new Map<string, Omit<SlotGroup, 'registered' | 'waiting' | 'limit' | 'badge'>>();
  for (const registration of registrations) {
    const timeLabel = slotTimeLabel(registration.time);
    const key = `${registration.event}\u0000${timeLabel}`;
    let group = groups.get(key);
    if (!group) {
      group = { key, event: registration.event, timeLabel, times: [], registrations: [] };
      groups.set(key, group);
    }
    if (!group.times.includes(registration.time)) group.times.push(registration.time);
    group.registrations.push(registration);
  }
  return [...groups.values()].map((group) => {
    const slots = group.times
      .map((time) => capacity?.[group.event]?.[time])
      .filter((slot) => slot !== undefined);
    // A released or refunded registration holds no seat.
    const confirmedRows = group.registrations.filter(
      (r) => !r.waitingList && r.status !== 'released' && r.status !== 'refunded',
    ).length;
    const waitingRows = group.registrations.filter((r) => r.waitingList).length;
    const registered = slots.length
      ? slots.reduce((sum, slot) => sum + slot.registered, 0)
      : confirmedRows;
    const waiting = slots.length
      ? slots.reduce((sum, slot) => sum + slot.waitingList, 0)
      : waitingRows;
    const limit = slots.length ? slots.reduce((sum, slot) => sum + slot.limit, 0) : SEATS_PER_SLOT;
    return { ...group, registered, waiting, limit, badge: slotBadge(registered) };
  });
}
