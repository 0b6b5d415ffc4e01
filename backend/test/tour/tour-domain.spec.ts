import { TourFileError, parseTour } from '../../src/tour/live-tour';
import {
  addSlot,
  announceEvent,
  closeSlot,
  editEvent,
  editSlot,
  reopenSlot,
  importedFacts,
  replay,
  type TourEvent,
  type TourEventFact,
} from '../../src/tour/domain/tour';
import { TourError } from '../../src/tour/domain/tour-errors';
import { checkDate, checkStartsAt } from '../../src/tour/domain/tour-rules';
import { testTour } from '../test-tour';

const announce = {
  type: 'AnnounceEvent' as const,
  slug: 'cluj',
  city: 'Cluj-Napoca',
  venue: 'Fabrica de Pensule',
  date: '2031-03-12',
  timeZone: 'Europe/Bucharest',
  priceMinor: 3500,
  currency: 'RON',
};

const reopen = {
  type: 'ReopenSlot' as const,
  slug: 'cluj',
  now: new Date('2031-01-01T00:00:00Z'),
  closesMinutesBefore: 0,
};

function eventWith(...facts: TourEventFact[]): TourEvent {
  return replay([...announceEvent(undefined, announce), ...facts])!;
}

/** A refusal's kind, by the HTTP status its code is answered with. */
const KIND_BY_STATUS: Record<number, string> = {
  400: 'invalid',
  404: 'not-found',
  409: 'conflict',
};

function refusal(run: () => unknown): { kind: string; field?: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof TourError) {
      return { kind: KIND_BY_STATUS[error.status], field: error.field, message: error.message };
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
      currency: 'RON',
      automaticOffers: true,
      slots: [],
    });
    expect(refusal(() => announceEvent(eventWith(), announce))).toMatchObject({
      kind: 'conflict',
      field: 'slug',
    });
  });

  it('names a slot from its start in the event time zone, as the record names slots', () => {
    const [added] = addSlot(eventWith(), {
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
    const edit = {
      type: 'EditSlot' as const,
      slug: 'cluj',
      time: 'Mar 12 - 7:30pm',
      now: new Date('2031-01-01T00:00:00Z'),
    };
    expect(refusal(() => editSlot(event, { ...edit, capacity: 11, seatsTaken: 12 }))).toEqual({
      kind: 'conflict',
      field: 'capacity',
      message: 'This slot has 12 seats taken; its capacity cannot go below 12.',
    });
    expect(refusal(() => editSlot(event, { ...edit, capacity: 0, seatsTaken: 1 })).kind).toBe(
      'invalid',
    );
    expect(editSlot(event, { ...edit, capacity: 12, seatsTaken: 12 })).toEqual([
      {
        type: 'SlotCapacityChanged',
        data: { slug: 'cluj', time: 'Mar 12 - 7:30pm', capacity: 12, from: 20 },
      },
    ]);
    expect(editSlot(event, { ...edit, capacity: 20, seatsTaken: 12 })).toEqual([]);
    // The same instant written another way is no move.
    expect(
      editSlot(event, { ...edit, startsAt: '2031-03-12T19:30:00+02:00', seatsTaken: 0 }),
    ).toEqual([]);
    expect(reopenSlot(event, { ...reopen, time: 'Mar 12 - 7:30pm' })).toEqual([]);
    expect(refusal(() => editSlot(event, { ...edit, time: 'Mar 13', seatsTaken: 0 })).kind).toBe(
      'not-found',
    );
  });

  it('closes every slot when the event completes, and reopens none after', () => {
    const event = eventWith(
      ...addSlot(eventWith(), {
        type: 'AddSlot',
        slug: 'cluj',
        startsAt: '2031-03-12T17:30:00Z',
        capacity: 20,
      }),
      { type: 'EventCompleted', data: { slug: 'cluj' } },
    );
    expect(event.status).toBe('completed');
    expect(event.slots.map((slot) => slot.status)).toEqual(['closed']);
    expect(refusal(() => reopenSlot(event, { ...reopen, time: event.slots[0].time })).kind).toBe(
      'conflict',
    );
  });

  it('reopens no slot whose registration has closed by the clock', () => {
    const added = addSlot(eventWith(), {
      type: 'AddSlot',
      slug: 'cluj',
      startsAt: '2031-03-12T17:30:00Z',
      capacity: 20,
    });
    const slot = eventWith(...added).slots[0];
    const closed = eventWith(
      ...added,
      ...closeSlot(eventWith(...added), { type: 'CloseSlot', slug: 'cluj', time: slot.time }),
    );
    const at = (iso: string, closesMinutesBefore = 0) =>
      reopenSlot(closed, { ...reopen, time: slot.time, now: new Date(iso), closesMinutesBefore });
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
    expect(() => parseTour(tour)).toThrow(TourFileError);
    expect(() => parseTour(tour)).toThrow(/matera: the time zone must be an IANA time zone/);
    expect(
      refusal(() => announceEvent(undefined, { ...announce, timeZone: 'Mars/Olympus' })).message,
    ).toBe('The time zone must be an IANA time zone (Europe/Bucharest).');

    for (const event of parseTour(testTour()).events) {
      expect(replay(importedFacts(event))).toEqual(event);
    }
  });

  describe('names and times that make no sense', () => {
    const added = addSlot(eventWith(), {
      type: 'AddSlot',
      slug: 'cluj',
      time: 'cap 5',
      startsAt: '2031-03-12T19:30:00+02:00',
      capacity: 20,
    });
    const event = eventWith(...added);
    const addSlotAt = (startsAt: string, time?: string) =>
      addSlot(event, { type: 'AddSlot', slug: 'cluj', startsAt, capacity: 20, time });
    const moveSlot = (startsAt: string, now = new Date('2031-01-01T00:00:00Z')) =>
      editSlot(event, {
        type: 'EditSlot',
        slug: 'cluj',
        time: 'cap 5',
        startsAt,
        seatsTaken: 0,
        now,
      });

    it('refuses invisible and direction-changing characters in names', () => {
      for (const time of ['cap\u200b 5', 'cap 5\u200d', '\u202ecap 5', 'cap\u2066 5']) {
        expect(refusal(() => addSlotAt('2031-03-13T19:30:00+02:00', time))).toMatchObject({
          kind: 'invalid',
          field: 'time',
          message: "The slot's name must not contain invisible or direction-changing characters.",
        });
      }
      expect(
        refusal(() => announceEvent(undefined, { ...announce, city: 'Cluj\u202eNapoca' })),
      ).toMatchObject({
        kind: 'invalid',
        field: 'city',
      });
      expect(
        refusal(() =>
          announceEvent(undefined, { ...announce, localised: { ro: { venue: 'Fabrica\u200b' } } }),
        ),
      ).toMatchObject({ kind: 'invalid', field: 'localised' });
    });

    it('keeps names composed with single spaces, so a look-alike is the same slot', () => {
      // A no-break space, a byte-order mark (a space to JavaScript) and a decomposed é: the
      // name already there.
      for (const time of [' cap\u00a05 ', '\ufeffcap 5']) {
        expect(refusal(() => addSlotAt('2031-03-13T19:30:00+02:00', time))).toMatchObject({
          kind: 'conflict',
          field: 'time',
        });
      }
      const [announced] = announceEvent(undefined, { ...announce, city: '  Cafe\u0301   Town ' });
      expect(announced.data).toMatchObject({ city: 'Caf\u00e9 Town' });
    });

    it('refuses slot names no address can carry', () => {
      for (const time of ['.', '..', 'a/b', 'a\\b']) {
        expect(refusal(() => addSlotAt('2031-03-13T19:30:00+02:00', time))).toMatchObject({
          kind: 'invalid',
          field: 'time',
          message: "The slot's name must be usable in an address: no / or \\, and not . or ...",
        });
      }
    });

    it('spells the time zone as IANA does, and refuses an unknown one', () => {
      const [announced] = announceEvent(undefined, { ...announce, timeZone: 'europe/bucharest' });
      expect(announced.data).toMatchObject({ timeZone: 'Europe/Bucharest' });
      const [edited] = editEvent(event, {
        type: 'EditEvent',
        slug: 'cluj',
        changes: { timeZone: 'EUROPE/ROME' },
      });
      expect(edited.data).toEqual({ slug: 'cluj', timeZone: 'Europe/Rome' });
      expect(
        editEvent(event, {
          type: 'EditEvent',
          slug: 'cluj',
          changes: { timeZone: 'europe/bucharest' },
        }),
      ).toEqual([]);
      expect(
        refusal(() => announceEvent(undefined, { ...announce, timeZone: 'Europe/Atlantis' })).kind,
      ).toBe('invalid');
      const tour = testTour();
      tour.events[0].timeZone = 'europe/rome';
      expect(() => parseTour(tour)).toThrow(/matera: the time zone must be written Europe\/Rome/);
    });

    it('refuses dates and starts outside 2000 to 2099', () => {
      expect(
        refusal(() => announceEvent(undefined, { ...announce, date: '0000-01-01' })),
      ).toMatchObject({
        kind: 'invalid',
        field: 'date',
        message: 'The date must be between 2000 and 2099.',
      });
      expect(refusal(() => addSlotAt('0001-03-12T19:30:00Z'))).toMatchObject({
        kind: 'invalid',
        field: 'startsAt',
      });
      expect(refusal(() => addSlotAt('2150-03-12T19:30:00Z')).field).toBe('startsAt');
    });

    it("refuses a start whose offset is not its event's zone's at that instant", () => {
      expect(refusal(() => addSlotAt('2031-03-13T19:30:00+05:00'))).toEqual({
        kind: 'invalid',
        field: 'startsAt',
        message: "The start's offset +05:00 is not Europe/Bucharest's at that time (+02:00).",
      });
      // Summer time: +03:00 in July, and +02:00 is refused then.
      expect(addSlotAt('2031-07-13T19:30:00+03:00')).toHaveLength(1);
      expect(refusal(() => addSlotAt('2031-07-13T19:30:00+02:00')).field).toBe('startsAt');
      expect(refusal(() => moveSlot('2031-03-14T19:30:00+01:00')).field).toBe('startsAt');
      // UTC claims no local time.
      expect(addSlotAt('2031-03-13T17:30:00Z')).toHaveLength(1);
      const tour = testTour();
      tour.events[0].slots[0].startsAt = tour.events[0].slots[0].startsAt.replace(
        '+02:00',
        '+04:00',
      );
      expect(() => parseTour(tour)).toThrow(/offset \+04:00 is not Europe\/Rome's/);
    });

    it('refuses two slots of an event at the same instant', () => {
      // The same instant as cap 5, written in UTC.
      expect(refusal(() => addSlotAt('2031-03-12T17:30:00Z', 'another'))).toEqual({
        kind: 'conflict',
        field: 'startsAt',
        message: 'The event "cluj" has a slot at that time already: "cap 5".',
      });
      const two = eventWith(
        ...added,
        ...addSlot(event, {
          type: 'AddSlot',
          slug: 'cluj',
          startsAt: '2031-03-13T19:30:00+02:00',
          capacity: 5,
        }),
      );
      expect(
        refusal(() =>
          editSlot(two, {
            type: 'EditSlot',
            slug: 'cluj',
            time: 'cap 5',
            startsAt: '2031-03-13T19:30:00+02:00',
            seatsTaken: 0,
            now: new Date('2031-01-01T00:00:00Z'),
          }),
        ).kind,
      ).toBe('conflict');
      const tour = testTour();
      tour.events[0].slots[1].startsAt = tour.events[0].slots[0].startsAt;
      expect(() => parseTour(tour)).toThrow(/starts at the same time as/);
    });

    it('refuses to move a slot into the past', () => {
      expect(
        refusal(() => moveSlot('2031-03-01T19:30:00+02:00', new Date('2031-03-05T00:00:00Z'))),
      ).toEqual({
        kind: 'invalid',
        field: 'startsAt',
        message: 'A slot cannot be moved into the past.',
      });
      expect(moveSlot('2031-03-10T19:30:00+02:00', new Date('2031-03-05T00:00:00Z'))).toHaveLength(
        1,
      );
    });
  });
});
