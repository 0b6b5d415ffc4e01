import {
  decideCheckoutExpired,
  decidePayment,
  decideRefunded,
  type ReceivedPayment,
} from '../../src/registrations/domain/payment-decisions';
import { replay, type RegistrationState } from '../../src/registrations/domain/registration';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';

const ID = '11111111-2222-4333-8444-555555555555';
const created: RegistrationEvent = {
  type: 'RegistrationCreated',
  data: {
    registrationId: ID,
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    locale: 'en',
    dreamedCaptured: false,
    placement: 'seat',
    holdExpiresAt: '2025-10-01T10:30:00.000Z',
  },
};
const opened: RegistrationEvent = {
  type: 'CheckoutSessionOpened',
  data: {
    registrationId: ID,
    provider: 'stripe',
    sessionId: 'cs_1',
    url: 'https://x',
    expiresAt: '2025-10-01T10:30:00.000Z',
  },
};
const payment: ReceivedPayment = {
  sessionId: 'cs_1',
  paymentIntentId: 'pi_1',
  amountMinor: 3500,
  currency: 'ron',
  providerEventId: 'evt_1',
};
const FREE = { seatLimit: 20, seatsTaken: 19 };
const FULL = { seatLimit: 20, seatsTaken: 20 };

function state(history: RegistrationEvent[]): RegistrationState {
  return replay(history)!;
}

/** Applies whatever a decision records, as the recorder would. */
function after(history: RegistrationEvent[], events: RegistrationEvent[]): RegistrationEvent[] {
  return [...history, ...events];
}

describe('payment decisions', () => {
  it('a payment on a live hold confirms it', () => {
    const history = [created, opened];
    const decision = decidePayment(state(history), history, payment, FULL);
    expect(decision).toMatchObject({ outcome: 'confirm' });
    if (decision.outcome !== 'confirm') throw new Error();
    expect(decision.events[0]).toMatchObject({ type: 'PaymentConfirmed', data: { seat: 'held' } });
    expect(state(after(history, decision.events))).toMatchObject({ status: 'paid', paid: true });
  });

  it('a late payment retakes a free seat and is refunded when none is free', () => {
    const expired = decideCheckoutExpired(
      state([created, opened]),
      'cs_1',
      'checkout-session-expired',
    );
    const history = after([created, opened], expired);
    expect(state(history).status).toBe('released');
    const free = decidePayment(state(history), history, payment, FREE);
    expect(
      free.outcome === 'confirm' &&
        free.events[0].type === 'PaymentConfirmed' &&
        free.events[0].data.seat,
    ).toBe('retaken');
    expect(decidePayment(state(history), history, payment, FULL)).toEqual({
      outcome: 'refund',
      reason: 'late-payment-no-free-seat',
    });
  });

  it('expired after paid, or for another session, changes nothing', () => {
    const confirm = decidePayment(state([created, opened]), [created, opened], payment, FREE);
    if (confirm.outcome !== 'confirm') throw new Error();
    const paid = after([created, opened], confirm.events);
    expect(decideCheckoutExpired(state(paid), 'cs_1', 'x')).toEqual([]);
    expect(decideCheckoutExpired(state([created, opened]), 'cs_other', 'x')).toEqual([]);
    expect(decidePayment(state(paid), paid, payment, FREE)).toEqual({
      outcome: 'ignore',
      why: 'already paid',
    });
  });

  it('a refund before the payment wins, in any order', () => {
    const refunded = decideRefunded(state([created, opened]), [created, opened], {
      paymentIntentId: 'pi_1',
      amountMinor: 3500,
      currency: 'ron',
      providerEventId: 'evt_r',
      reason: 'refunded-at-provider',
    });
    const history = after([created, opened], refunded);
    expect(state(history).status).toBe('refunded');
    expect(decidePayment(state(history), history, payment, FREE).outcome).toBe('ignore');
    // And a refund of a released hold is remembered, so the late payment cannot retake a seat.
    const released = after(
      [created, opened],
      decideCheckoutExpired(state([created, opened]), 'cs_1', 'x'),
    );
    const echo = decideRefunded(state(released), released, {
      paymentIntentId: 'pi_1',
      amountMinor: 3500,
      currency: 'ron',
      providerEventId: 'evt_r2',
      reason: 'refunded-at-provider',
    });
    const both = after(released, echo);
    expect(decidePayment(state(both), both, payment, FREE).outcome).toBe('ignore');
    expect(decideRefunded(state(both), both, { ...payment, reason: 'again' })).toEqual([]);
  });

  it('money for a waiting-list entry or an erased registration goes back', () => {
    const waiting: RegistrationEvent = {
      ...created,
      data: { ...created.data, placement: 'waiting-list', holdExpiresAt: null },
    } as RegistrationEvent;
    expect(decidePayment(state([waiting]), [waiting], payment, FREE)).toEqual({
      outcome: 'refund',
      reason: 'no-seat',
    });
    const deleted: RegistrationEvent = {
      type: 'RegistrationDeleted',
      data: { registrationId: ID },
    };
    const gone = [created, opened, deleted];
    expect(decidePayment(state(gone), gone, payment, FREE)).toEqual({
      outcome: 'refund',
      reason: 'registration-deleted',
    });
  });
});
