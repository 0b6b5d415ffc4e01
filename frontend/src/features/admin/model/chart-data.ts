import type { AdminRegistration } from '../api/admin-registration';
import type { SlotTotals } from '../api/get-registration-page';

export interface SlotSeats {
  event: string;
  time: string;
  registered: number;
  waitingList: number;
  limit: number;
}

export function seatsPerSlot(slots: SlotTotals[] | undefined): SlotSeats[] {
  return (slots ?? []).map((slot) => ({
    event: slot.event,
    time: slot.time,
    registered: slot.seats,
    waitingList: slot.waiting,
    limit: slot.limit,
  }));
}

export interface DayCount {
  /** YYYY-MM-DD in the operator's time zone. */
  day: string;
  count: number;
}

/** Registrations per calendar day of their creation, oldest day first. */
export function registrationsPerDay(registrations: AdminRegistration[]): DayCount[] {
  const counts = new Map<string, number>();
  for (const registration of registrations) {
    const created = new Date(registration.createdAt);
    if (Number.isNaN(created.getTime())) continue;
    const day = `${created.getFullYear()}-${String(created.getMonth() + 1).padStart(2, '0')}-${String(
      created.getDate(),
    ).padStart(2, '0')}`;
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, count]) => ({ day, count }));
}
