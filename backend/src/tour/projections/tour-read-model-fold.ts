import type { RecordedEvent } from '../../event-store/event-store.types';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { writeSeatLimits } from '../../seat-ledger/slot-limits';
import {
  evolve,
  type Tour,
  type TourEvent,
  type TourFact,
  type TourEventFact,
} from '../domain/tour';

/**
 * The one projection of the tour's facts into its read model (tour_view, tour_event_view,
 * tour_slot_view) and the seat limits of slot_capacity, for live appends and rebuilds alike:
 * folded in memory with the domain's evolve(), then written by writeTourReadModel(). A live
 * append seeds the fold with the event as it stood (TourStore); a rebuild folds the tour's
 * streams from empty tables (rebuildTourReadModel). The same rows result.
 */

export interface FoldedTourEvent {
  state: TourEvent;
  version: number;
  lastPosition: number;
  announcedPosition: number;
  /** When each slot was added: slots of equal start keep the order they were added in. */
  slotPositions: Map<string, number>;
}

export interface RecordedTourFact {
  fact: TourFact;
  recorded: RecordedEvent;
}

export class TourFold {
  currency: { currency: string; lastPosition: number } | undefined;

  /**
   * `tourCurrency`: the tour's currency (TourImported's), for an event announced before each
   * event named its own: it was priced in the tour's. A fold of the whole log learns it from
   * TourImported, which comes first.
   */
  constructor(private tourCurrency?: string) {}

  /** The events the facts folded changed, as they now stand. */
  readonly events = new Map<string, FoldedTourEvent>();
  /** The slots (event, name) whose seat limit the facts folded set. */
  readonly limits = new Set<string>();

  /** EventAnnounced as it reads now: with its currency, the tour's when it names none. */
  private priced(fact: TourEventFact): TourEventFact {
    if (fact.type !== 'EventAnnounced' || fact.data.currency) return fact;
    if (!this.tourCurrency) throw new Error(`EventAnnounced ${fact.data.slug} before the tour`);
    return { ...fact, data: { ...fact.data, currency: this.tourCurrency } };
  }

  seed(event: FoldedTourEvent): void {
    this.events.set(event.state.slug, event);
  }

  apply({ fact, recorded }: RecordedTourFact): void {
    if (fact.type === 'TourImported') {
      this.currency = { currency: fact.data.currency, lastPosition: recorded.globalPosition };
      this.tourCurrency = fact.data.currency;
      return;
    }
    const slug = fact.data.slug;
    const current = this.events.get(slug);
    const state = evolve(current?.state, this.priced(fact));
    const slotPositions = new Map(current?.slotPositions);
    if (fact.type === 'SlotAdded') slotPositions.set(fact.data.time, recorded.globalPosition);
    if (fact.type === 'SlotAdded' || fact.type === 'SlotCapacityChanged') {
      this.limits.add(`${slug}\u0000${fact.data.time}`);
    }
    this.events.set(slug, {
      state,
      version: recorded.streamVersion,
      lastPosition: recorded.globalPosition,
      announcedPosition: current?.announcedPosition ?? recorded.globalPosition,
      slotPositions,
    });
  }
}

/** An event's stream as a fold leaves it; undefined before it was announced. */
export function foldTourEvent(
  history: RecordedTourFact[],
  tourCurrency: string | undefined,
): FoldedTourEvent | undefined {
  const fold = new TourFold(tourCurrency);
  for (const item of history) fold.apply(item);
  return [...fold.events.values()][0];
}

/** A recorded tour fact, as the domain knows it. */
export function toTourFact(recorded: RecordedEvent): RecordedTourFact {
  return { fact: { type: recorded.type, data: recorded.data } as TourFact, recorded };
}

export function isEventFact(fact: TourFact): fact is TourEventFact {
  return fact.type !== 'TourImported';
}

/**
 * Writes what a fold holds: the currency, each changed event's row and its slots' rows, and
 * the seat limits of the slots added or given another capacity into slot_capacity, where
 * PostgreSQL refuses a limit below the seats taken (its CHECK) whatever decided it.
 */
export async function writeTourReadModel(sql: SqlExecutor, fold: TourFold): Promise<void> {
  if (fold.currency) {
    await sql.query(
      `INSERT INTO tour_view (id, currency, last_position) VALUES (true, $1, $2)
       ON CONFLICT (id) DO UPDATE SET currency = EXCLUDED.currency,
                                      last_position = EXCLUDED.last_position`,
      [fold.currency.currency, fold.currency.lastPosition],
    );
  }
  const events = [...fold.events.values()];
  if (events.length === 0) return;
  await sql.query(
    `INSERT INTO tour_event_view (slug, city, venue, localised, date, time_zone, status,
                                  price_minor, currency, automatic_offers, announced_position,
                                  version, last_position)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS e(slug text, city text, venue text,
              localised jsonb, date text, time_zone text, status text, price_minor int,
              currency text, automatic_offers boolean, announced_position bigint, version int,
              last_position bigint)
     ON CONFLICT (slug) DO UPDATE SET
       city = EXCLUDED.city, venue = EXCLUDED.venue, localised = EXCLUDED.localised,
       date = EXCLUDED.date, time_zone = EXCLUDED.time_zone, status = EXCLUDED.status,
       price_minor = EXCLUDED.price_minor, currency = EXCLUDED.currency,
       automatic_offers = EXCLUDED.automatic_offers,
       version = EXCLUDED.version, last_position = EXCLUDED.last_position`,
    [
      JSON.stringify(
        events.map(({ state, announcedPosition, version, lastPosition }) => ({
          slug: state.slug,
          city: state.city,
          venue: state.venue,
          localised: state.localised ?? {},
          date: state.date,
          time_zone: state.timeZone,
          status: state.status,
          price_minor: state.priceMinor,
          currency: state.currency,
          automatic_offers: state.automaticOffers,
          announced_position: announcedPosition,
          version,
          last_position: lastPosition,
        })),
      ),
    ],
  );
  const slots = events.flatMap(({ state, slotPositions }) =>
    state.slots.map((slot) => ({
      event: state.slug,
      time: slot.time,
      starts_at: slot.startsAt,
      status: slot.status,
      capacity: slot.capacity,
      added_position: slotPositions.get(slot.time) ?? 0,
    })),
  );
  if (slots.length === 0) return;
  await sql.query(
    `INSERT INTO tour_slot_view (event, time, starts_at, status, capacity, added_position)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(event text, time text, starts_at text,
              status text, capacity int, added_position bigint)
     ON CONFLICT (event, time) DO UPDATE SET
       starts_at = EXCLUDED.starts_at, status = EXCLUDED.status, capacity = EXCLUDED.capacity`,
    [JSON.stringify(slots)],
  );
  await writeSeatLimits(
    sql,
    slots
      .filter((slot) => fold.limits.has(`${slot.event}\u0000${slot.time}`))
      .map((slot) => ({ event: slot.event, time: slot.time, capacity: slot.capacity })),
  );
}

/** The tour as its read model holds it (undefined before it was imported), and its version. */
export async function readTour(
  sql: SqlExecutor,
): Promise<{ tour: Tour; version: number } | undefined> {
  const [head]: { currency: string; last_position: string }[] = await sql.query(
    'SELECT currency, last_position FROM tour_view',
  );
  if (!head) return undefined;
  const events: {
    slug: string;
    city: string;
    venue: string;
    localised: TourEvent['localised'];
    date: string;
    time_zone: string;
    status: TourEvent['status'];
    price_minor: number;
    currency: string;
    automatic_offers: boolean;
    last_position: string;
  }[] = await sql.query(
    `SELECT slug, city, venue, localised, date, time_zone, status, price_minor, currency,
            automatic_offers, last_position
       FROM tour_event_view ORDER BY date, announced_position`,
  );
  const slots: {
    event: string;
    time: string;
    starts_at: string;
    status: 'open' | 'closed';
    capacity: number;
  }[] = await sql.query(
    `SELECT event, time, starts_at, status, capacity FROM tour_slot_view
      ORDER BY starts_at::timestamptz, added_position`,
  );
  let version = Number(head.last_position);
  const tour: Tour = {
    currency: head.currency,
    events: events.map((row) => {
      version = Math.max(version, Number(row.last_position));
      return {
        slug: row.slug,
        city: row.city,
        venue: row.venue,
        ...(row.localised && Object.keys(row.localised).length > 0
          ? { localised: row.localised }
          : {}),
        date: row.date,
        timeZone: row.time_zone,
        status: row.status,
        priceMinor: row.price_minor,
        currency: row.currency,
        automaticOffers: row.automatic_offers,
        slots: slots
          .filter((slot) => slot.event === row.slug)
          .map((slot) => ({
            time: slot.time,
            startsAt: slot.starts_at,
            status: slot.status,
            capacity: slot.capacity,
          })),
      };
    }),
  };
  return { tour, version };
}
