import { CatalogueError, parseTour } from '../../src/catalogue/catalogue';
import {
  decide,
  importedFacts,
  replay,
  type TourEvent,
  type TourEventFact,
} from '../../src/catalogue/domain/tour';
import { TourError } from '../../src/catalogue/domain/tour-errors';
import { checkDate, checkStartsAt } from '../../src/catalogue/domain/tour-rules';
import { testTour } from '../test-tour';

const announce = {
  type: 'AnnounceEvent' as const,
  slug: 'cluj',
  city: 'Cluj-Napoca',
  venue: 'Fabrica de Pensule',
  date: '2031-03-12',
  timeZone: 'Europe/Bucharest',
  priceMinor: 3500,
};

const reopen = {
  type: 'ReopenSlot' as const,
  slug: 'cluj',
  now: new Date('2031-01-01T00:00:00Z'),
  closesMinutesBefore: 0,
};

function eventWith(...facts: TourEventFact[]): TourEvent {
  return replay([...decide(undefined, announce), ...facts])!;
}

function refusal(run: () => unknown): { kind: string; field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof TourError) {
      return { kind: error.kind, field: error.field, message: error.message };
    }
    throw error;
  }
  throw new Error('Not refused');
}

describe("the tour's domain", () => {
  it('refuses days the calendar does not have, without throwing', () => {
    for (const date of ['2027-13-45', '2027-00-10', '2027-02-29', '2027-04-31', '2027-01-00']) {
      expect({ date, fault: checkDate(date) }).toEqual({
        date,
        fault: 'the date must be a calendar date, YYYY-MM-DD',
      });
      expect(checkStartsAt(`${date}T19:30:00+02:00`)).toBeDefined();
    }
    for (const date of ['2028-02-29', '2027-12-31', '2027-01-01']) {
      expect(checkDate(date)).toBeUndefined();
      expect(checkStartsAt(`${date}T19:30:00+02:00`)).toBeUndefined();
    }
  });

  it('announces an event with automatic offers on, open unless said otherwise', () => {
    expect(eventWith()).toEqual({
      slug: 'cluj',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2031-03-12',
      timeZone: 'Europe/Bucharest',
      status: 'open',
      priceMinor: 3500,
      automaticOffers: true,
      slots: [],
    });
    expect(refusal(() => decide(eventWith(), announce))).toMatchObject({
      kind: 'conflict',
      field: 'slug',
    });
  });

  it('names a slot from its start in the event time zone, as the record names slots', () => {
    const [added] = decide(eventWith(), {
      type: 'AddSlot',
      slug: 'cluj',
      startsAt: '2031-03-12T17:30:00Z',
      capacity: 20,
    });
    expect(added).toEqual({
      type: 'SlotAdded',
      data: {
        slug: 'cluj',
        time: 'Mar 12 - 7:30pm',
        startsAt: '2031-03-12T17:30:00Z',
        capacity: 20,
        status: 'open',
      },
    });
  });

  it('refuses a capacity below the seats taken, and records nothing for what already is', () => {
    const slotAdded: TourEventFact = {
      type: 'SlotAdded',
      data: {
        slug: 'cluj',
        time: 'Mar 12 - 7:30pm',
        startsAt: '2031-03-12T17:30:00Z',
        capacity: 20,
        status: 'open',
      },
    };
    const event = eventWith(slotAdded);
    const edit = { type: 'EditSlot' as const, slug: 'cluj', time: 'Mar 12 - 7:30pm' };
    expect(refusal(() => decide(event, { ...edit, capacity: 11, seatsTaken: 12 }))).toEqual({
      kind: 'conflict',
      field: 'capacity',
      message: 'This slot has 12 seats taken; its capacity cannot go below 12.',
    });
    expect(refusal(() => decide(event, { ...edit, capacity: 0, seatsTaken: 1 })).kind).toBe(
      'invalid',
    );
    expect(decide(event, { ...edit, capacity: 12, seatsTaken: 12 })).toEqual([
      {
        type: 'SlotCapacityChanged',
        data: { slug: 'cluj', time: 'Mar 12 - 7:30pm', capacity: 12, from: 20 },
      },
    ]);
    expect(decide(event, { ...edit, capacity: 20, seatsTaken: 12 })).toEqual([]);
    // The same instant written another way is no move.
    expect(
      decide(event, { ...edit, startsAt: '2031-03-12T19:30:00+02:00', seatsTaken: 0 }),
    ).toEqual([]);
    expect(decide(event, { ...reopen, time: 'Mar 12 - 7:30pm' })).toEqual([]);
    expect(refusal(() => decide(event, { ...edit, time: 'Mar 13', seatsTaken: 0 })).kind).toBe(
      'not-found',
    );
  });

  it('closes every slot when the event completes, and reopens none after', () => {
    const event = eventWith(
      ...decide(eventWith(), {
        type: 'AddSlot',
        slug: 'cluj',
        startsAt: '2031-03-12T17:30:00Z',
        capacity: 20,
      }),
      { type: 'EventCompleted', data: { slug: 'cluj' } },
    );
    expect(event.status).toBe('completed');
    expect(event.slots.map((slot) => slot.status)).toEqual(['closed']);
    expect(refusal(() => decide(event, { ...reopen, time: event.slots[0].time })).kind).toBe(
      'conflict',
    );
  });

  it('reopens no slot whose registration has closed by the clock', () => {
    const added = decide(eventWith(), {
      type: 'AddSlot',
      slug: 'cluj',
      startsAt: '2031-03-12T17:30:00Z',
      capacity: 20,
    });
    const slot = eventWith(...added).slots[0];
    const closed = eventWith(
      ...added,
      ...decide(eventWith(...added), { type: 'CloseSlot', slug: 'cluj', time: slot.time }),
    );
    const at = (iso: string, closesMinutesBefore = 0) =>
      decide(closed, { ...reopen, time: slot.time, now: new Date(iso), closesMinutesBefore });
    expect(at('2031-03-12T17:29:00Z')).toEqual([
      { type: 'SlotReopened', data: { slug: 'cluj', time: slot.time } },
    ]);
    for (const [iso, closesMinutesBefore] of [
      ['2031-03-12T17:30:00Z', 0],
      ['2031-03-13T09:00:00Z', 0],
      ['2031-03-12T17:00:00Z', 60],
    ] as const) {
      expect(refusal(() => at(iso, closesMinutesBefore))).toEqual({
        kind: 'conflict',
        field: undefined,
        message:
          'This slot has started, or is about to: registration for it has closed, so it cannot be reopened.',
      });
    }
  });

  it("checks a tour file with the operator's rules, and imports it as it is", () => {
    const tour = testTour();
    tour.events[0].timeZone = 'Mars/Olympus';
    expect(() => parseTour(tour)).toThrow(CatalogueError);
    expect(() => parseTour(tour)).toThrow(/matera: the time zone must be an IANA time zone/);
    expect(
      refusal(() => decide(undefined, { ...announce, timeZone: 'Mars/Olympus' })).message,
    ).toBe('The time zone must be an IANA time zone (Europe/Bucharest).');

    for (const event of parseTour(testTour()).events) {
      expect(replay(importedFacts(event))).toEqual(event);
    }
  });
});
