/**
 * The Tour page's wire types. Written by hand: they mirror the backend's TourEventAdmin DTO and
 * the tour routes of issue 16, which are not in openapi/openapi.json yet. When they are, these
 * become aliases of the generated `components['schemas'][…]` types and tour-request.ts gives way
 * to apiCall, so a change of the contract breaks the build again.
 */

export type TourEventStatus = 'open' | 'completed' | 'coming-soon';
export type TourSlotStatus = 'open' | 'closed';

/** An event's names in another language; the operator may leave any of them out. */
export interface LocalisedNames {
  city?: string;
  venue?: string;
}

export interface TourLocalised {
  it?: LocalisedNames;
  ro?: LocalisedNames;
}

export interface TourSlotAdmin {
  /** The slot's name, e.g. "Dec 3 - 7:30pm"; registrations refer to it. */
  time: string;
  /** The start, an ISO instant. */
  startsAt: string;
  status: TourSlotStatus;
  capacity: number;
  seatsTaken: number;
  waiting: number;
}

export interface TourEventAdmin {
  slug: string;
  city: string;
  venue: string;
  localised: TourLocalised;
  /** YYYY-MM-DD, the event's calendar date where it takes place. */
  date: string;
  /** IANA time zone of the venue, e.g. Europe/Bucharest. */
  timeZone: string;
  status: TourEventStatus;
  priceMinor: number;
  /** Whether a freed seat is offered to the next waiting person without an operator. */
  automaticOffers: boolean;
  slots: TourSlotAdmin[];
}

export interface TourAdmin {
  currency: string;
  events: TourEventAdmin[];
}

export interface AnnounceEventRequest {
  slug: string;
  city: string;
  venue: string;
  localised?: TourLocalised;
  date: string;
  timeZone: string;
  priceMinor: number;
  status?: 'open' | 'coming-soon';
}

export type EditEventRequest = Partial<{
  city: string;
  venue: string;
  localised: TourLocalised;
  date: string;
  timeZone: string;
  priceMinor: number;
  status: TourEventStatus;
  automaticOffers: boolean;
}>;

export interface AddSlotRequest {
  /** An ISO instant with the event's offset, e.g. 2026-12-03T19:30:00+02:00. */
  startsAt: string;
  capacity: number;
  /** The slot's name; the server derives one from the start when it is left out. */
  time?: string;
}

export type ChangeSlotRequest = Partial<{ capacity: number; startsAt: string }>;

export interface TourHistoryEntry {
  /** The event log's position, a bigint as a string. */
  position: string;
  /** The event's slug. */
  event: string;
  type: string;
  at: string;
  actor: string;
  details: Record<string, unknown>;
}

export interface TourHistoryPage {
  entries: TourHistoryEntry[];
  /** Pass as `before` for the next, older page; null at the first entry. */
  next: string | null;
}
