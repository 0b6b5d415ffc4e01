import { readFileSync } from 'node:fs';
import { isOpenForRegistration } from './domain/registration-window';
import { tourProblems, type Slot, type Tour, type TourEvent } from './domain/tour';
import type { TourLanguage } from './domain/tour-rules';
import { addDays, localDate, localParts, slotName, zonedInstant } from './domain/slot-names';
import defaultTour from './tour.json';
import { formatDeadline } from '../common/deadline';

export type { EventStatus, SlotStatus, TourLanguage } from './domain/tour-rules';
export type { Slot, Tour, TourEvent } from './domain/tour';

export class TourFileError extends Error {}

/**
 * Checks a tour read from data (a file), with the rules every operator's change is checked
 * with, so a typo in the file stops the boot instead of a sale. An event without
 * `automaticOffers` has them on.
 */
export function parseTour(raw: unknown): Tour {
  const problems = tourProblems(raw);
  if (problems.length > 0) throw new TourFileError(`Invalid tour: ${problems.join('; ')}`);
  const tour = raw as Tour;
  return {
    ...tour,
    events: tour.events.map((event) => ({
      ...event,
      currency: event.currency ?? tour.currency,
      automaticOffers: event.automaticOffers ?? true,
    })),
  };
}

/**
 * The tour for a fresh development run: SPEC's record (tour.json) with Bucharest moved next to
 * `today`, so that a newcomer can register and pay in the sandbox at once. As in the record, its
 * open slot is on a Thursday (the first one at least three days ahead, so the slot keeps its
 * name for a week) and its closed slot on the Sunday eleven days before, at the record's local
 * times, named in the record's manner ('Nov 26 - 7:30pm'). Napoli is priced in euros
 * (DEMO_EURO_PRICE), so the demo shows a stop in a currency of its own.
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
  // The tour plays in two currencies: the demo prices its Italian stop in euros.
  const napoli = tour.events.find((event) => event.slug === 'napoli');
  if (napoli) Object.assign(napoli, DEMO_EURO_PRICE);
  return tour;
}

const THURSDAY = 4;

/** Napoli's price in the demo tour: 30 EUR. */
export const DEMO_EURO_PRICE = { priceMinor: 3000, currency: 'EUR' } as const;

/**
 * The tour: its events, their slots, prices and statuses. Data, not code paths. Read
 * synchronously by every part of a process; its contents are the tour read model's, replaced
 * (replace()) whenever the tour changes in any process (LiveTourSync).
 */
export class LiveTour {
  private current: Tour;
  /** Each slot's start as an instant, derived once per tour (by event and slot name). */
  private starts = new Map<string, Date>();
  private tourVersion = 0;

  constructor(tour: Tour) {
    this.current = tour;
    this.index();
  }

  /** The tour as it stands now. */
  get tour(): Tour {
    return this.current;
  }

  /**
   * The log position of the tour's last change (0 for a tour not read from the log): a page
   * rendered with one version is stale under another.
   */
  get version(): number {
    return this.tourVersion;
  }

  /** Takes the tour as the read model now has it. */
  replace(tour: Tour, version: number): void {
    this.current = tour;
    this.tourVersion = version;
    this.index();
  }

  private index(): void {
    const starts = new Map<string, Date>();
    for (const event of this.current.events) {
      for (const slot of event.slots) {
        starts.set(`${event.slug}\u0000${slot.time}`, new Date(slot.startsAt));
      }
    }
    this.starts = starts;
  }

  /** A tour file, or SPEC's record of the tour (the built-in tour.json) without one. */
  static load(file?: string): LiveTour {
    const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : defaultTour;
    return new LiveTour(parseTour(raw));
  }

  /**
   * The tour a process imports into a log that has none (server.ts): TOUR_FILE when set;
   * otherwise the record in production, and the demo tour (Bucharest next week) anywhere else.
   */
  static forEnvironment(
    config: { tourFile: string | undefined; nodeEnv: string },
    today: Date = new Date(),
  ): LiveTour {
    if (config.tourFile || config.nodeEnv === 'production') return LiveTour.load(config.tourFile);
    return new LiveTour(demoTour(today));
  }

  /** Where forEnvironment()'s tour comes from, as the log's TourImported names it. */
  static sourceFor(config: { tourFile: string | undefined; nodeEnv: string }): string {
    if (config.tourFile) return 'tour-file';
    return config.nodeEnv === 'production' ? 'record' : 'demo-tour';
  }

  /** When a slot starts; undefined for a slot the tour does not have. */
  startOf(slug: string, time: string): Date | undefined {
    return this.starts.get(`${slug}\u0000${time}`);
  }

  /**
   * A slot as people read it: its current start, in its event's time zone and the reader's
   * language, the zone named as every time of the site names it (formatDeadline: 'Friday,
   * December 11, 2026 at 8:00 PM GMT+2'). Its key (`time`) stays what links and
   * requests name it by, even after a move; a slot the tour does not have reads as its key.
   */
  slotLabel(slug: string, time: string, locale: string): string {
    const found = this.findSlot(slug, time);
    const startsAt = this.startOf(slug, time);
    if (!found || !startsAt) return time;
    return formatDeadline(startsAt, locale, found.event.timeZone);
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

  /** The tour's currency: what an event announced without one is priced in. */
  get currency(): string {
    return this.current.currency;
  }

  /** What a seat of the event costs now: its price and currency. */
  priceOf(event: TourEvent): { amountMinor: number; currency: string } {
    return { amountMinor: event.priceMinor, currency: event.currency };
  }

  /** The event's city and venue as a reader of `language` knows them. */
  placeNames(event: TourEvent, language: string): { city: string; venue: string } {
    const names = event.localised?.[language as TourLanguage];
    return { city: names?.city ?? event.city, venue: names?.venue ?? event.venue };
  }

  events(): TourEvent[] {
    return this.current.events;
  }

  findEvent(slug: string): TourEvent | undefined {
    return this.current.events.find((event) => event.slug === slug);
  }

  findSlot(slug: string, time: string): { event: TourEvent; slot: Slot } | undefined {
    const event = this.findEvent(slug);
    const slot = event?.slots.find((candidate) => candidate.time === time);
    return event && slot ? { event, slot } : undefined;
  }

  /**
   * The zone of a time that belongs to no show (an invitation's end, a sign-in's change): the
   * tour's first event's, as the emails and the pages write it.
   */
  get timeZone(): string | undefined {
    return this.current.events[0]?.timeZone;
  }

  allSlots(): { event: TourEvent; slot: Slot }[] {
    return this.current.events.flatMap((event) => event.slots.map((slot) => ({ event, slot })));
  }
}
