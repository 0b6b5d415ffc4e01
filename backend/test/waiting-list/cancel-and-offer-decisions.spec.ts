import {
  cancelByVisitor,
  cancelRegistration,
  visitorCancellationClosesAt,
} from '../../src/registrations/domain/cancellations';
import { confirmWaitlist } from '../../src/registrations/domain/operator-decisions';
import {
  NO_LEDGER_IDS,
  decideCheckoutExpired,
  decidePayment,
} from '../../src/registrations/domain/payment-decisions';
import {
  evolve,
  occupiesSeat,
  replay,
  type RegistrationState,
} from '../../src/registrations/domain/registration';
import {
  CancellationClosedError,
  InvalidTransitionError,
  RegistrationNotFoundError,
} from '../../src/registrations/domain/registration-errors';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import { offerExpiry, offerFreeSeats } from '../../src/registrations/domain/waiting-list-offers';

const ID = 'r-1';
const PRICE = { amountMinor: 3500, currency: 'RON' };

const created = (placement: 'seat' | 'waiting-list', id = ID): RegistrationEvent => ({
  type: 'RegistrationCreated',
  data: {
    registrationId: id,
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    locale: 'it',
    dreamedCaptured: false,
    placement,
    holdExpiresAt: placement === 'seat' ? '2030-01-01T00:30:00.000Z' : null,
    name: 'Ada',
    email: 'ada@example.com',
    whatsapp: '1',
    dream: 'd',
  },
});

const paid: RegistrationEvent = {
  type: 'PaymentConfirmed',
  data: {
    registrationId: ID,
    sessionId: 'cs_1',
    paymentIntentId: 'pi_1',
    amountMinor: 3500,
    currency: 'ron',
    providerEventId: 'evt_1',
    seat: 'held',
  },
};

function after(events: RegistrationEvent[]): RegistrationState {
  const state = replay(events);
  if (!state) throw new Error('no state');
  return state;
}

const NOW = new Date('2030-01-01T10:00:00Z');

describe('cancellations', () => {
  it('cancels a paid seat with its refund: the seat goes back, the money after it', () => {
    const history = [created('seat'), paid];
    const events = cancelRegistration(after(history), 'operator', true);
    expect(events).toEqual([
      { type: 'RegistrationCancelled', data: { registrationId: ID, by: 'operator', refund: true } },
      {
        type: 'RefundRequested',
        data: expect.objectContaining({
          paymentIntentId: 'pi_1',
          amountMinor: 3500,
          reason: 'cancelled-by-operator',
        }),
      },
    ]);
    const cancelled = after([...history, ...events]);
    expect(cancelled.status).toBe('cancelled');
    expect(occupiesSeat(cancelled.status)).toBe(false);
    // The provider's confirmation of the refund leaves it cancelled, no longer paid.
    const refunded = evolve(cancelled, {
      type: 'PaymentRefunded',
      data: {
        registrationId: ID,
        paymentIntentId: 'pi_1',
        amountMinor: 3500,
        currency: 'ron',
        reason: 'cancelled-by-operator',
        providerEventId: null,
        refundId: 're_1',
      },
    });
    expect(refunded).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('cancels without a refund, and a place with nothing paid, with no refund either way', () => {
    const history = [created('seat'), paid];
    expect(cancelRegistration(after(history), 'operator', false)).toEqual([
      {
        type: 'RegistrationCancelled',
        data: { registrationId: ID, by: 'operator', refund: false },
      },
    ]);
    const waiting = [created('waiting-list')];
    expect(cancelRegistration(after(waiting), 'operator', true)).toEqual([
      {
        type: 'RegistrationCancelled',
        data: { registrationId: ID, by: 'operator', refund: false },
      },
    ]);
  });

  it('refuses what is already cancelled, holds no place, or is gone', () => {
    const history = [created('seat'), paid];
    const cancelled = [...history, ...cancelRegistration(after(history), 'operator', true)];
    expect(() => cancelRegistration(after(cancelled), 'operator', true)).toThrow(
      'This registration is already cancelled.',
    );
    const released: RegistrationEvent[] = [
      created('seat'),
      { type: 'CheckoutExpired', data: { registrationId: ID, sessionId: null, reason: 'x' } },
    ];
    expect(() => cancelRegistration(after(released), 'operator', false)).toThrow(
      InvalidTransitionError,
    );
    expect(() => cancelRegistration(undefined, 'operator', false)).toThrow(
      RegistrationNotFoundError,
    );
  });

  it('lets the visitor cancel a confirmed seat until the cancellation closes, always refunded', () => {
    const startsAt = new Date('2030-01-03T18:00:00Z');
    const closesAt = visitorCancellationClosesAt(startsAt, 24);
    expect(closesAt.toISOString()).toBe('2030-01-02T18:00:00.000Z');
    const history = [created('seat'), paid];
    expect(cancelByVisitor(after(history), NOW, closesAt, startsAt)).toEqual([
      { type: 'RegistrationCancelled', data: { registrationId: ID, by: 'visitor', refund: true } },
      expect.objectContaining({ type: 'RefundRequested' }),
    ]);
    expect(() => cancelByVisitor(after(history), closesAt, closesAt, startsAt)).toThrow(
      CancellationClosedError,
    );
    const held = [created('seat')];
    expect(() => cancelByVisitor(after(held), NOW, closesAt, startsAt)).toThrow(
      'This booking has no confirmed seat to cancel.',
    );
  });
});

describe('waiting-list offers', () => {
  const waiting = (id: string) => after([created('waiting-list', id)]);

  it('holds an offer for its minutes, never past registration closing', () => {
    const closes = new Date('2030-01-01T20:00:00Z');
    expect(offerExpiry(NOW, 720, closes)).toEqual(closes);
    expect(offerExpiry(NOW, 360, closes)).toEqual(new Date('2030-01-01T16:00:00Z'));
    expect(offerExpiry(NOW, 360, NOW)).toBeNull();
  });

  it('offers each free seat to the next waiting entries, in the order given', () => {
    const expiresAt = new Date('2030-01-01T22:00:00Z');
    const offers = offerFreeSeats(
      { seatLimit: 3, seatsTaken: 1 },
      [waiting('a'), after([created('seat', 'b')]), waiting('c'), waiting('d')],
      expiresAt,
    );
    expect([...offers.keys()]).toEqual(['a', 'c']);
    expect(offers.get('a')).toEqual([
      {
        type: 'WaitingListOfferMade',
        data: { registrationId: 'a', expiresAt: '2030-01-01T22:00:00.000Z' },
      },
    ]);
    expect(offerFreeSeats({ seatLimit: 3, seatsTaken: 3 }, [waiting('a')], expiresAt).size).toBe(0);
  });

  const offered: RegistrationEvent[] = [
    created('waiting-list'),
    {
      type: 'WaitingListOfferMade',
      data: { registrationId: ID, expiresAt: '2030-01-01T22:00:00Z' },
    },
  ];

  it('makes the offer a seat held for payment, kept until its own time', () => {
    const state = after(offered);
    expect(state).toMatchObject({ status: 'offered', holdExpiresAt: '2030-01-01T22:00:00Z' });
    expect(occupiesSeat(state.status)).toBe(true);
    const opened = evolve(state, {
      type: 'CheckoutSessionOpened',
      data: {
        registrationId: ID,
        provider: 'sandbox',
        sessionId: 'cs_offer',
        url: 'https://pay.example/cs_offer',
        expiresAt: '2030-01-01T23:00:00Z',
      },
    });
    expect(opened).toMatchObject({
      checkoutSessionId: 'cs_offer',
      holdExpiresAt: '2030-01-01T22:00:00Z',
    });
  });

  it('is accepted by paying: the payment confirms the offered seat', () => {
    const decision = decidePayment(
      after(offered),
      offered,
      {
        sessionId: 'cs_offer',
        paymentIntentId: 'pi_2',
        amountMinor: 3500,
        currency: 'ron',
        providerEventId: 'e',
        ledger: NO_LEDGER_IDS,
      },
      { seatLimit: 1, seatsTaken: 1 },
      PRICE,
    );
    expect(decision).toMatchObject({ outcome: 'confirm' });
    if (decision.outcome !== 'confirm') return;
    expect(decision.events[0]).toMatchObject({
      type: 'PaymentConfirmed',
      data: { seat: 'offered' },
    });
    expect(after([...offered, ...decision.events]).status).toBe('paid');
  });

  it('lapses unpaid: the seat goes back and the person leaves the waiting list', () => {
    const events = decideCheckoutExpired(after(offered), null, 'hold-lapsed');
    expect(events).toEqual([
      {
        type: 'WaitingListOfferLapsed',
        data: { registrationId: ID, sessionId: null, reason: 'hold-lapsed' },
      },
    ]);
    const lapsed = after([...offered, ...events]);
    expect(lapsed.status).toBe('released');
    expect(occupiesSeat(lapsed.status)).toBe(false);
    // Once lapsed, the seat passes on: the next waiting entry is offered it.
    const next = offerFreeSeats(
      { seatLimit: 1, seatsTaken: 0 },
      [lapsed, waiting('b')],
      new Date(),
    );
    expect([...next.keys()]).toEqual(['b']);
  });

  it("lets an operator confirm an offer by hand (SPEC's Confirm), on the seat it holds", () => {
    expect(confirmWaitlist(after(offered), { seatLimit: 1, seatsTaken: 1 })).toEqual([
      { type: 'WaitlistConfirmed', data: { registrationId: ID } },
    ]);
  });

  it('cancels an offer like any place, and a payment arriving after it is refunded', () => {
    const events = cancelRegistration(after(offered), 'operator', true);
    const cancelled = [...offered, ...events];
    expect(after(cancelled).status).toBe('cancelled');
    const late = decidePayment(
      after(cancelled),
      cancelled,
      {
        sessionId: 'cs_offer',
        paymentIntentId: 'pi_3',
        amountMinor: 3500,
        currency: 'ron',
        providerEventId: 'e3',
        ledger: NO_LEDGER_IDS,
      },
      { seatLimit: 1, seatsTaken: 0 },
      PRICE,
    );
    expect(late).toMatchObject({ outcome: 'refund', reason: 'no-seat' });
  });
});
