import type { LiveTour } from '../tour/live-tour';
import { holdsTicket, type RegistrationState } from './domain/registration';

/** When a seated person's reminder is due, and the slot start it is armed for. */
export interface ReminderArming {
  /** `<event> <slot key> <start, ISO>`: one reminder standing per registration and value. */
  armedFor: string;
  notBefore: Date;
}

/** What a reminder is armed for: the slot and the start it has. */
export function reminderArmedFor(event: string, time: string, startsAt: Date): string {
  return `${event} ${time} ${startsAt.toISOString()}`;
}

/**
 * The reminder a registration as it is now gets: held until `hoursBefore` its slot's start as
 * the tour has it (due at once when the seat was taken later than that). None when reminders
 * are off (0 hours), when the registration holds no ticket (a held seat is paid or gone within
 * minutes: its payment arms it), or when its slot has started or is not in the tour.
 */
export function reminderArming(
  state: Pick<RegistrationState, 'status' | 'event' | 'time'>,
  tour: Pick<LiveTour, 'startOf'>,
  hoursBefore: number,
  now: Date,
): ReminderArming | undefined {
  if (hoursBefore <= 0 || !holdsTicket(state.status)) return undefined;
  const startsAt = tour.startOf(state.event, state.time);
  if (!startsAt || startsAt.getTime() <= now.getTime()) return undefined;
  return {
    armedFor: reminderArmedFor(state.event, state.time, startsAt),
    notBefore: new Date(startsAt.getTime() - hoursBefore * 3_600_000),
  };
}
