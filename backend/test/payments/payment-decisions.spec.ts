import {
  confirmRefund,
  decideCheckoutExpired,
  decidePayment as decide,
  decideRefunded,
  refundOnDeletion,
  NO_LEDGER_IDS,
  type ReceivedPayment,
  type SlotPrice,
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
  ledger: NO_LEDGER_IDS,
};
const NO_REFUND_IDS = { refundId: null, chargeId: null, balanceTransactionId: null };
const FREE = { seatLimit: 20, seatsTaken: 19 };
const FULL = { seatLimit: 20, seatsTaken: 20 };

const PRICE: SlotPrice = { amountMinor: 3500, currency: 'RON' };

function decidePayment(
  current: RegistrationState | undefined,
  history: RegistrationEvent[],
  received: ReceivedPayment,
  slot: { seatLimit: number; seatsTaken: number },
) {
  return decide(current, history, received, slot, PRICE);
}

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
    expect(decidePayment(state(history), history, payment, FULL)).toMatchObject({
      outcome: 'refund',
      reason: 'late-payment-no-free-seat',
      events: [
        {
          type: 'RefundRequested',
          data: { paymentIntentId: 'pi_1', amountMinor: 3500, reason: 'late-payment-no-free-seat' },
        },
      ],
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
      why: 'this payment is already recorded',
    });
  });

  it('a refund before the payment wins, in any order', () => {
    const refunded = decideRefunded(state([created, opened]), [created, opened], {
      paymentIntentId: 'pi_1',
      amountMinor: 3500,
      currency: 'ron',
      providerEventId: 'evt_r',
      reason: 'refunded-at-provider',
      ledger: NO_REFUND_IDS,
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
      ledger: NO_REFUND_IDS,
    });
    const both = after(released, echo);
    expect(decidePayment(state(both), both, payment, FREE).outcome).toBe('ignore');
    expect(
      decideRefunded(state(both), both, { ...payment, reason: 'again', ledger: NO_REFUND_IDS }),
    ).toEqual([]);
  });

  it('money for a waiting-list entry or an erased registration goes back', () => {
    const waiting: RegistrationEvent = {
      ...created,
      data: { ...created.data, placement: 'waiting-list', holdExpiresAt: null },
    } as RegistrationEvent;
    expect(decidePayment(state([waiting]), [waiting], payment, FREE)).toMatchObject({
      outcome: 'refund',
      reason: 'no-seat',
    });
    const deleted: RegistrationEvent = {
      type: 'RegistrationDeleted',
      data: { registrationId: ID },
    };
    const gone = [created, opened, deleted];
    expect(decidePayment(state(gone), gone, payment, FREE)).toMatchObject({
      outcome: 'refund',
      reason: 'registration-deleted',
    });
  });

  it.each([
    ['1 USD', { amountMinor: 100, currency: 'usd' }],
    ['3,499 bani', { amountMinor: 3499, currency: 'ron' }],
    ['35 EUR', { amountMinor: 3500, currency: 'eur' }],
  ])('a payment of %s confirms nothing: the anomaly is recorded, the hold released', (_, paid) => {
    const history = [created, opened];
    const wrong = { ...payment, ...paid };
    const decision = decidePayment(state(history), history, wrong, FREE);
    expect(decision).toMatchObject({ outcome: 'refund', reason: 'amount-mismatch' });
    if (decision.outcome !== 'refund') throw new Error();
    expect(decision.events).toEqual([
      {
        type: 'RefundRequested',
        data: {
          registrationId: ID,
          sessionId: 'cs_1',
          paymentIntentId: 'pi_1',
          amountMinor: paid.amountMinor,
          currency: paid.currency,
          reason: 'amount-mismatch',
          providerEventId: 'evt_1',
          expectedAmountMinor: 3500,
          expectedCurrency: 'RON',
          chargeId: null,
        },
      },
      {
        type: 'CheckoutExpired',
        data: { registrationId: ID, sessionId: 'cs_1', reason: 'payment-refused' },
      },
    ]);
    const refused = after(history, decision.events);
    expect(state(refused)).toMatchObject({ status: 'released', paid: false });
    // Delivered again (another event id, the sweeper): decided once.
    expect(decidePayment(state(refused), refused, wrong, FREE).outcome).toBe('ignore');
    expect(
      decidePayment(state(refused), refused, { ...wrong, providerEventId: 'evt_2' }, FREE),
    ).toEqual({ outcome: 'ignore', why: 'this payment is already refunded' });
  });

  it('a second distinct payment for a paid seat is refunded once, and the seat stays paid', () => {
    const first = decidePayment(state([created, opened]), [created, opened], payment, FREE);
    if (first.outcome !== 'confirm') throw new Error();
    const paid = after([created, opened], first.events);
    const second = {
      ...payment,
      sessionId: 'cs_2',
      paymentIntentId: 'pi_2',
      providerEventId: 'e2',
    };
    const decision = decidePayment(state(paid), paid, second, FREE);
    expect(decision).toMatchObject({ outcome: 'refund', reason: 'second-payment' });
    if (decision.outcome !== 'refund') throw new Error();
    expect(decision.events.map((event) => event.type)).toEqual(['RefundRequested']);
    const requested = after(paid, decision.events);
    expect(decidePayment(state(requested), requested, second, FREE).outcome).toBe('ignore');
    const request = decision.events[0];
    if (request.type !== 'RefundRequested') throw new Error();
    const refunded = confirmRefund(state(requested), requested, request.data, {
      ...NO_REFUND_IDS,
      refundId: 're_2',
    });
    expect(refunded).toEqual([
      {
        type: 'PaymentRefunded',
        data: {
          registrationId: ID,
          paymentIntentId: 'pi_2',
          amountMinor: 3500,
          currency: 'ron',
          reason: 'second-payment',
          providerEventId: null,
          refundId: 're_2',
          chargeId: null,
          balanceTransactionId: null,
        },
      },
    ]);
    const done = after(requested, refunded);
    expect(state(done)).toMatchObject({ status: 'paid', paid: true, paymentIntentId: 'pi_1' });
    expect(
      confirmRefund(state(done), done, request.data, { ...NO_REFUND_IDS, refundId: 're_2' }),
    ).toEqual([]);
    // The provider's own report of that refund changes nothing more.
    expect(
      decideRefunded(state(done), done, {
        paymentIntentId: 'pi_2',
        amountMinor: 3500,
        currency: 'ron',
        providerEventId: 'evt_r',
        reason: 'refunded-at-provider',
        ledger: NO_REFUND_IDS,
      }),
    ).toEqual([]);
  });

  it('deleting a paid registration refunds its payment only when asked', () => {
    const first = decidePayment(state([created, opened]), [created, opened], payment, FREE);
    if (first.outcome !== 'confirm') throw new Error();
    const paid = after([created, opened], first.events);
    expect(refundOnDeletion(state(paid), false)).toEqual([]);
    expect(refundOnDeletion(state(paid), true)).toEqual([
      {
        type: 'RefundRequested',
        data: {
          registrationId: ID,
          sessionId: 'cs_1',
          paymentIntentId: 'pi_1',
          amountMinor: 3500,
          currency: 'ron',
          reason: 'deleted-by-operator',
          providerEventId: null,
          chargeId: null,
        },
      },
    ]);
    expect(refundOnDeletion(state([created, opened]), true)).toEqual([]);
  });
});
