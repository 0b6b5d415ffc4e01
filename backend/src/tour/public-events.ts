import type { LiveTour } from './live-tour';
import type { EventDetails, TourEvent } from './domain/tour';

/** An event of the tour as the public site reads it (GET /api/events, the rendered pages). */
export interface PublicEvent extends EventDetails {
  slug: string;
  slots: { time: string; startsAt: string; status: string; capacity: number }[];
}

/** What the public site and the console both say of an event, in the record's key order. */
export function eventDetailsOf(event: TourEvent): Omit<PublicEvent, 'slots'> {
  return {
    slug: event.slug,
    city: event.city,
    venue: event.venue,
    localised: event.localised ?? {},
    date: event.date,
    timeZone: event.timeZone,
    status: event.status,
    priceMinor: event.priceMinor,
    currency: event.currency,
  };
}

/**
 * The tour as a visitor sees it at `now`: a slot is open while it takes registrations (the
 * domain's rule), so the pages the server renders and GET /api/events say the same. The keys
 * keep the order of the build's record of the tour (frontend/scripts/prerender.mjs), which the
 * server compares with the live tour as JSON.
 */
export function publicEvents(
  catalogue: LiveTour,
  now: Date,
  closeMinutesBefore: number,
): PublicEvent[] {
  return catalogue.events().map((event) => ({
    ...eventDetailsOf(event),
    slots: event.slots.map((slot) => ({
      time: slot.time,
      startsAt: slot.startsAt,
      status: catalogue.isOpenForRegistration(event.slug, slot.time, now, closeMinutesBefore)
        ? 'open'
        : 'closed',
      capacity: slot.capacity,
    })),
  }));
}
