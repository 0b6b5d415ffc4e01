import {
  handOnBooking,
  moveBooking,
  type MoveTarget,
  type MoveTerms,
} from '../../src/registrations/domain/booking-changes';
import { evolve, type RegistrationState } from '../../src/registrations/domain/registration';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import { ReadModelFold } from '../../src/registrations/projections/read-model-fold';
import { formerHolderNoticesOf } from '../../src/registrations/booking-change-messages';
import { messagesOfRecorded } from '../../src/registrations/messages-of-events';
import type { DecodedRegistrationEvent } from '../../src/registrations/registration-event-codec';

const ID = '11111111-1111-4111-8111-111111111111';
const TO = '22222222-2222-4222-8222-222222222222';

function booking(events: RegistrationEvent[]): RegistrationState {
  return events.reduce<RegistrationState | undefined>(evolve, undefined)!;
}

const created: RegistrationEvent = {
  type: 'RegistrationCreated',
  data: {
    registrationId: ID,
    event: 'bucharest',
    time: 'A',
    locale: 'en',
    dreamedCaptured: false,
    placement: 'seat',
    holdExpiresAt: '2030-01-01T00:00:00.000Z',
    name: 'Ana',
    email: 'ana@example.com',
    whatsapp: '+40 712 345 678',
    dream: 'a dream',
  },
};
const paid: RegistrationEvent = {
  type: 'PaymentConfirmed',
  data: {
    registrationId: ID,
    sessionId: 'cs_1',
    paymentIntentId: 'pi_1',
    amountMinor: 3500,
    currency: 'ron',
    providerEventId: null,
    seat: 'held',
  },
};

const target = (overrides: Partial<MoveTarget> = {}): MoveTarget => ({
  event: 'milano',
  time: 'M',
  open: 'open',
  seats: { seatLimit: 2, seatsTaken: 1 },
  emailKeepsPlace: false,
  price: { amountMinor: 3500, currency: 'RON' },
  ...overrides,
});

const NOW = new Date('2029-12-01T10:00:00.000Z');

const terms = (by: 'visitor' | 'operator', difference?: 'waive' | 'ask'): MoveTerms => ({
  by,
  now: NOW,
  holdMinutes: 15,
  ...(difference ? { difference } : {}),
});

/** The events a move decided (it throws when refused). */
const movedEvents = (
  state: RegistrationState,
  to: MoveTarget,
  by: 'visitor' | 'operator' = 'operator',
): RegistrationEvent[] => moveBooking(state, to, terms(by)).events;

function decoded(events: RegistrationEvent[]): DecodedRegistrationEvent[] {
  return events.map((event, index) => ({
    event,
    recorded: {
      globalPosition: index + 1,
      streamVersion: index + 1,
      recordedAt: new Date(0),
    } as DecodedRegistrationEvent['recorded'],
    personalDataErased: false,
  }));
}

describe('moving a booking and handing it on, decided', () => {
  const seat = booking([created, paid]);

  it('moves a paid seat to a free seat of the target, and refuses every other case in words', () => {
    expect(moveBooking(seat, target(), terms('visitor'))).toEqual({
      outcome: 'moved',
      difference: null,
      events: [
        {
          type: 'BookingMoved',
          data: {
            registrationId: ID,
            fromEvent: 'bucharest',
            fromTime: 'A',
            event: 'milano',
            time: 'M',
            by: 'visitor',
          },
        },
      ],
    });
    const code = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as { code: string }).code;
      }
      return 'decided';
    };
    expect(code(() => movedEvents(seat, target({ event: 'bucharest', time: 'A' })))).toBe(
      'same-slot',
    );
    expect(code(() => movedEvents(seat, target({ seats: { seatLimit: 1, seatsTaken: 1 } })))).toBe(
      'slot-full',
    );
    expect(code(() => movedEvents(seat, target({ open: 'unknown' })))).toBe('slot-unknown');
    expect(code(() => movedEvents(seat, target({ open: 'closed' })))).toBe('slot-closed');
    expect(code(() => movedEvents(seat, target({ emailKeepsPlace: true })))).toBe(
      'already-registered',
    );
    expect(
      code(() => movedEvents(seat, target({ price: { amountMinor: 3000, currency: 'EUR' } }))),
    ).toBe('move-currency-differs');
    expect(
      code(() => movedEvents(seat, target({ price: { amountMinor: 5000, currency: 'RON' } }))),
    ).toBe('move-difference-unsettled');
    expect(code(() => movedEvents(booking([created]), target()))).toBe('payment-pending');
    // A waiting entry needs no seat in the target.
    const waiting = booking([
      { ...created, data: { ...created.data, placement: 'waiting-list', holdExpiresAt: null } },
    ]);
    expect(
      code(() => movedEvents(waiting, target({ seats: { seatLimit: 1, seatsTaken: 1 } }))),
    ).toBe('decided');
  });

  it('the fold takes a moved seat out of the old slot and counts it in the new one; its number goes', () => {
    const fold = new ReadModelFold();
    const moved = movedEvents(seat, target());
    const numbered: RegistrationEvent = {
      type: 'SeatNumbered',
      data: { registrationId: ID, seat: 3 },
    };
    for (const item of decoded([created, paid, numbered, ...moved])) fold.apply(item);
    const slots = Object.fromEntries(
      [...fold.slots.values()].map((slot) => [
        slot.time,
        { seats: slot.seats_taken, paid: slot.paid },
      ]),
    );
    expect(slots).toEqual({ A: { seats: 0, paid: 0 }, M: { seats: 1, paid: 1 } });
    expect(fold.registrations.get(ID)?.state).toMatchObject({
      event: 'milano',
      time: 'M',
      seatNumber: null,
    });
  });

  it('hands a seat on: the old registration ends as an erasure, the new one begins with the payment', () => {
    const person = {
      registrationId: TO,
      name: 'Ioana',
      email: 'ioana@example.com',
      whatsapp: '+40 722 111 222',
      dream: 'her dream',
      locale: 'ro' as const,
    };
    const { handedOn, received } = handOnBooking(seat, person, 'visitor', false, {
      amountMinor: 3500,
      currency: 'ron',
    });
    expect(booking([created, paid, ...handedOn])).toMatchObject({
      status: 'deleted',
      dream: null,
      email: null,
    });
    expect(booking(received)).toMatchObject({
      id: TO,
      status: 'paid',
      paid: true,
      paymentIntentId: 'pi_1',
      stripeSessionId: 'cs_1',
      dream: 'her dream',
      sheetDream: null,
      locale: 'ro',
    });
    const fold = new ReadModelFold();
    for (const item of decoded([created, paid])) fold.apply(item);
    const before = fold.slots.get('bucharest\u0000A')!.seats_taken;
    for (const item of decoded([...handedOn, ...received])) fold.apply(item);
    expect(fold.slots.get('bucharest\u0000A')!.seats_taken).toBe(before);
    expect(
      formerHolderNoticesOf(decoded([...handedOn, ...received])).map((message) => [
        message.kind,
        message.registrationId,
      ]),
    ).toEqual([['booking-handed-on', ID]]);
    expect(
      messagesOfRecorded(undefined, decoded(received)).map((message) => [
        message.kind,
        message.registrationId,
      ]),
    ).toEqual([
      ['booking-received', TO],
      ['show-reminder', TO],
    ]);
    const checkedIn = booking([
      created,
      paid,
      {
        type: 'CheckedIn',
        data: {
          registrationId: ID,
          checkedInAt: '2030-01-01T00:00:00.000Z',
          deviceTime: null,
          device: null,
          via: 'search',
        },
      },
    ]);
    expect(() => handOnBooking(checkedIn, person, 'operator', false, null)).toThrow(/let in/);
    expect(() => handOnBooking(booking([created]), person, 'operator', false, null)).toThrow(
      /no confirmed seat/,
    );
  });
});
