import { readFileSync } from 'node:fs';
import defaultTour from './tour.json';

export type EventStatus = 'open' | 'completed' | 'coming-soon';
export type SlotStatus = 'open' | 'closed';

export interface Slot {
  /** The slot's name as visitors and operators know it, e.g. 'Oct 30 - 7:30pm'. */
  time: string;
  startsAt: string;
  status: SlotStatus;
  capacity: number;
}

/** The languages the site and its emails speak; English is the tour's own. */
export type TourLanguage = 'en' | 'it' | 'ro';

export interface TourEvent {
  slug: string;
  city: string;
  venue: string;
  /** The city and venue in other languages, where they differ from English. */
  localised?: Partial<Record<TourLanguage, { city?: string; venue?: string }>>;
  date: string;
  timeZone: string;
  status: EventStatus;
  priceMinor: number;
  slots: Slot[];
}

export interface Tour {
  currency: string;
  events: TourEvent[];
}

export class CatalogueError extends Error {}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CatalogueError(`Invalid tour: ${message}`);
}

/** Checks a tour read from data, so a typo in the file stops the boot instead of a sale. */
export function parseTour(raw: unknown): Tour {
  check(raw && typeof raw === 'object', 'expected an object');
  const tour = raw as Tour;
  check(/^[A-Z]{3}$/.test(tour.currency), 'currency must be an ISO 4217 code');
  check(Array.isArray(tour.events) && tour.events.length > 0, 'events must be a list');
  const slugs = new Set<string>();
  for (const event of tour.events) {
    check(/^[a-z][a-z0-9-]*$/.test(event.slug), `event slug "${event.slug}" must be lowercase`);
    check(!slugs.has(event.slug), `event slug "${event.slug}" appears twice`);
    slugs.add(event.slug);
    check(['open', 'completed', 'coming-soon'].includes(event.status), `${event.slug}: bad status`);
    check(/^\d{4}-\d{2}-\d{2}$/.test(event.date), `${event.slug}: date must be YYYY-MM-DD`);
    check(Number.isInteger(event.priceMinor) && event.priceMinor > 0, `${event.slug}: bad price`);
    check(typeof event.city === 'string' && typeof event.venue === 'string', `${event.slug}: city`);
    for (const [language, names] of Object.entries(event.localised ?? {})) {
      check(['en', 'it', 'ro'].includes(language), `${event.slug}: unknown language ${language}`);
      check(
        names &&
          ['city', 'venue'].every(
            (name) =>
              names[name as 'city'] === undefined || typeof names[name as 'city'] === 'string',
          ),
        `${event.slug}: localised ${language}`,
      );
    }
    check(Array.isArray(event.slots), `${event.slug}: slots must be a list`);
    const times = new Set<string>();
    for (const slot of event.slots) {
      check(typeof slot.time === 'string' && slot.time.trim() !== '', `${event.slug}: slot time`);
      check(!times.has(slot.time), `${event.slug}: slot "${slot.time}" appears twice`);
      times.add(slot.time);
      check(!Number.isNaN(Date.parse(slot.startsAt)), `${event.slug}/${slot.time}: startsAt`);
      check(['open', 'closed'].includes(slot.status), `${event.slug}/${slot.time}: status`);
      check(
        Number.isInteger(slot.capacity) && slot.capacity > 0,
        `${event.slug}/${slot.time}: capacity`,
      );
    }
  }
  return tour;
}

/** The tour: its events, their slots, prices and statuses. Data, not code paths. */
export class Catalogue {
  constructor(readonly tour: Tour) {}

  static load(file?: string): Catalogue {
    const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : defaultTour;
    return new Catalogue(parseTour(raw));
  }

  get currency(): string {
    return this.tour.currency;
  }

  /** The event's city and venue as a reader of `language` knows them. */
  placeNames(event: TourEvent, language: string): { city: string; venue: string } {
    const names = event.localised?.[language as TourLanguage];
    return { city: names?.city ?? event.city, venue: names?.venue ?? event.venue };
  }

  events(): TourEvent[] {
    return this.tour.events;
  }

  findEvent(slug: string): TourEvent | undefined {
    return this.tour.events.find((event) => event.slug === slug);
  }

  findSlot(slug: string, time: string): { event: TourEvent; slot: Slot } | undefined {
    const event = this.findEvent(slug);
    const slot = event?.slots.find((candidate) => candidate.time === time);
    return event && slot ? { event, slot } : undefined;
  }

  allSlots(): { event: TourEvent; slot: Slot }[] {
    return this.tour.events.flatMap((event) => event.slots.map((slot) => ({ event, slot })));
  }
}
