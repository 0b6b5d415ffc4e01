import {
  DEMO_EURO_PRICE,
  LiveTour,
  TourFileError,
  demoTour,
  parseTour,
  type TourEvent,
} from '../../src/tour/live-tour';
import { isOpenForRegistration } from '../../src/tour/domain/registration-window';

function bucharest(today: string) {
  const tour = demoTour(new Date(today));
  const event = tour.events.find((candidate) => candidate.slug === 'bucharest')!;
  return { tour, event, slots: event.slots.map((slot) => [slot.time, slot.startsAt, slot.status]) };
}

describe('the demo tour', () => {
  it('puts Bucharest on the first Thursday at least three days ahead, at the record times', () => {
    // Sunday 22 November 2026: Thursday the 26th; Bucharest is on UTC+2 in winter.
    expect(bucharest('2026-11-22T20:00:00Z').slots).toEqual([
      ['Nov 15 - 7:00pm', '2026-11-15T17:00:00.000Z', 'closed'],
      ['Nov 26 - 7:30pm', '2026-11-26T17:30:00.000Z', 'open'],
    ]);
    // Monday 23 November, late evening UTC, already Tuesday in Bucharest: Thursday 3 December.
    expect(bucharest('2026-11-23T23:30:00Z').slots[1]).toEqual([
      'Dec 3 - 7:30pm',
      '2026-12-03T17:30:00.000Z',
      'open',
    ]);
    // Summer time: UTC+3.
    const summer = bucharest('2026-06-01T08:00:00Z');
    expect(summer.slots[1]).toEqual(['Jun 4 - 7:30pm', '2026-06-04T16:30:00.000Z', 'open']);
    expect(summer.event.date).toBe('2026-06-04');
    // Across the change to winter time: the closed slot in summer time, the open one after.
    expect(bucharest('2026-10-25T10:00:00Z').slots).toEqual([
      ['Oct 18 - 7:00pm', '2026-10-18T16:00:00.000Z', 'closed'],
      ['Oct 29 - 7:30pm', '2026-10-29T17:30:00.000Z', 'open'],
    ]);
  });

  it('keeps the record of the other events, Napoli priced in euros, and is a valid tour', () => {
    const { tour } = bucharest('2026-11-22T20:00:00Z');
    expect(() => parseTour(tour)).not.toThrow();
    const record = LiveTour.load().tour;
    const inEuros = (event: TourEvent) =>
      event.slug === 'napoli' ? { ...event, ...DEMO_EURO_PRICE } : event;
    expect(tour.events.filter((event) => event.slug !== 'bucharest')).toEqual(
      record.events.filter((event) => event.slug !== 'bucharest').map(inEuros),
    );
    // Two currencies: the record's RON for Bucharest (35 RON), 30 EUR for Napoli.
    const price = (slug: string) => {
      const event = tour.events.find((candidate) => candidate.slug === slug)!;
      return [event.priceMinor, event.currency];
    };
    expect(price('bucharest')).toEqual([3500, 'RON']);
    expect(price('napoli')).toEqual([3000, 'EUR']);
    expect(record.events.map((event) => event.currency)).toEqual(['RON', 'RON', 'RON', 'RON']);
  });

  it('is what a process serves without TOUR_FILE outside production', () => {
    const today = new Date('2026-11-22T20:00:00Z');
    const development = LiveTour.forEnvironment(
      { tourFile: undefined, nodeEnv: 'development' },
      today,
    );
    expect(development.findSlot('bucharest', 'Nov 26 - 7:30pm')).toBeDefined();
    const production = LiveTour.forEnvironment(
      { tourFile: undefined, nodeEnv: 'production' },
      today,
    );
    expect(production.findSlot('bucharest', 'Oct 30 - 7:30pm')).toBeDefined();
    expect(production.startOf('bucharest', 'Oct 30 - 7:30pm')).toEqual(
      new Date('2025-10-30T17:30:00.000Z'),
    );
  });

  it('refuses a slot start without its offset', () => {
    const tour = structuredClone(LiveTour.load().tour);
    tour.events[0].slots[0].startsAt = '2025-09-13T20:00:00';
    expect(() => parseTour(tour)).toThrow(TourFileError);
  });
});

describe('a slot open for registration', () => {
  const startsAt = new Date('2026-11-26T17:30:00Z');
  const at = (iso: string) => new Date(iso);

  it('closes at its start, whatever its status says', () => {
    const open = { status: 'open' as const, startsAt };
    expect(isOpenForRegistration(open, at('2026-11-26T17:29:59.999Z'), 0)).toBe(true);
    expect(isOpenForRegistration(open, at('2026-11-26T17:30:00Z'), 0)).toBe(false);
    expect(isOpenForRegistration(open, at('2026-11-26T17:31:00Z'), 0)).toBe(false);
    expect(
      isOpenForRegistration({ status: 'closed', startsAt }, at('2026-11-01T00:00:00Z'), 0),
    ).toBe(false);
  });

  it('closes the configured minutes before', () => {
    const open = { status: 'open' as const, startsAt };
    expect(isOpenForRegistration(open, at('2026-11-26T16:59:59Z'), 30)).toBe(true);
    expect(isOpenForRegistration(open, at('2026-11-26T17:00:00Z'), 30)).toBe(false);
  });
});
