import { readFileSync } from 'node:fs';
import { isOpenForRegistration } from '../registrations/domain/registration';
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
  /** Whether seats that free are offered to the waiting list by themselves (absent: true). */
  automaticOffers?: boolean;
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
      check(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(slot.startsAt) &&
          !Number.isNaN(Date.parse(slot.startsAt)),
        `${event.slug}/${slot.time}: startsAt must be an instant with its offset (2025-10-30T19:30:00+02:00)`,
      );
      check(['open', 'closed'].includes(slot.status), `${event.slug}/${slot.time}: status`);
      check(
        Number.isInteger(slot.capacity) && slot.capacity > 0,
        `${event.slug}/${slot.time}: capacity`,
      );
    }
  }
  return tour;
}

/**
 * The tour for a fresh development run: SPEC's record (tour.json) with Bucharest moved next to
 * `today`, so that a newcomer can register and pay in the sandbox at once. As in the record, its
 * open slot is on a Thursday (the first one at least three days ahead, so the slot keeps its
 * name for a week) and its closed slot on the Sunday eleven days before, at the record's local
 * times, named in the record's manner ('Nov 26 - 7:30pm').
 */
export function demoTour(today: Date): Tour {
  const tour = structuredClone(parseTour(defaultTour));
  const bucharest = tour.events.find((event) => event.slug === 'bucharest');
  if (!bucharest) return tour;
  const from = localDate(today, bucharest.timeZone);
  let ahead = 3;
  while (new Date(`${addDays(from, ahead)}T12:00:00Z`).getUTCDay() !== THURSDAY) ahead += 1;
  const openDay = addDays(from, ahead);
  bucharest.slots = bucharest.slots.map((slot) => {
    const local = localParts(new Date(slot.startsAt), bucharest.timeZone);
    const day = slot.status === 'open' ? openDay : addDays(openDay, -11);
    const startsAt = zonedInstant(day, local.hour, local.minute, bucharest.timeZone);
    return {
      ...slot,
      time: slotName(startsAt, bucharest.timeZone),
      startsAt: startsAt.toISOString(),
    };
  });
  const open = bucharest.slots.find((slot) => slot.status === 'open') ?? bucharest.slots[0];
  bucharest.date = localDate(new Date(open.startsAt), bucharest.timeZone);
  return tour;
}

const THURSDAY = 4;

function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The instant when the clocks of `timeZone` show `date` at hour:minute. */
function zonedInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const asUtc = Date.parse(
    `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`,
  );
  // The zone's offset at that moment, found by reading the clocks there (twice, across a change).
  let instant = asUtc;
  for (let pass = 0; pass < 2; pass += 1) {
    const shown = localParts(new Date(instant), timeZone);
    const shownUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    instant += asUtc - shownUtc;
  }
  return new Date(instant);
}

/** 'Oct 30 - 7:30pm': the record's way of naming a slot. */
function slotName(instant: Date, timeZone: string): string {
  const { hour, minute } = localParts(instant, timeZone);
  const month = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short' }).format(instant);
  const { day } = localParts(instant, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${month} ${day} - ${hour12}:${String(minute).padStart(2, '0')}${hour < 12 ? 'am' : 'pm'}`;
}

/** The tour: its events, their slots, prices and statuses. Data, not code paths. */
export class Catalogue {
  /** Each slot's start as an instant, derived once from the tour (by event and slot name). */
  private readonly starts = new Map<string, Date>();

  constructor(readonly tour: Tour) {
    for (const event of tour.events) {
      for (const slot of event.slots) {
        this.starts.set(`${event.slug}\u0000${slot.time}`, new Date(slot.startsAt));
      }
    }
  }

  /** A tour file, or SPEC's record of the tour (the built-in tour.json) without one. */
  static load(file?: string): Catalogue {
    const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : defaultTour;
    return new Catalogue(parseTour(raw));
  }

  /**
   * The tour a process serves: TOUR_FILE when set; otherwise the record in production, and the
   * demo tour (Bucharest next week) anywhere else.
   */
  static forEnvironment(
    config: { tourFile: string | undefined; nodeEnv: string },
    today: Date = new Date(),
  ): Catalogue {
    if (config.tourFile || config.nodeEnv === 'production') return Catalogue.load(config.tourFile);
    return new Catalogue(demoTour(today));
  }

  /** When a slot starts; undefined for a slot the tour does not have. */
  startOf(slug: string, time: string): Date | undefined {
    return this.starts.get(`${slug}\u0000${time}`);
  }

  /**
   * Whether a slot of the tour takes registrations at `now`: the domain's rule
   * (isOpenForRegistration) over the slot's status and start. A slot the tour does not have
   * takes none.
   */
  isOpenForRegistration(slug: string, time: string, now: Date, closeMinutesBefore: number) {
    const found = this.findSlot(slug, time);
    const startsAt = this.startOf(slug, time);
    if (!found || !startsAt) return false;
    return isOpenForRegistration({ status: found.slot.status, startsAt }, now, closeMinutesBefore);
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
