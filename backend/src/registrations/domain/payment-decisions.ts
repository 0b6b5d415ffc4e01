import { awaitsPayment, hasFreeSeat, type RegistrationState, type SlotSeats } from './registration';
import type {
  PaymentLedgerIds,
  RefundReason,
  RefundRequested,
  RegistrationEvent,
} from './registration-events';

/**
 * What the payment provider's facts mean for a registration. Plain decisions over the state and
 * the history; the webhook and the sweeper record what these decide. Every function is safe to
 * call again with the same fact (replays, out-of-order deliveries): it then decides nothing.
 */

export interface ReceivedPayment {
  sessionId: string;
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  providerEventId: string | null;
  /** Where the payment sits in the provider's books; none when it names no payment. */
  ledger: Required<PaymentLedgerIds>;
}

/** A refund as the provider's books have it. */
export interface RefundLedgerIds {
  refundId: string | null;
  chargeId: string | null;
  balanceTransactionId: string | null;
}

export interface ReceivedRefund {
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  providerEventId: string | null;
  reason: string;
  ledger: RefundLedgerIds;
}

/** A payment the provider's books do not (yet) place. */
export const NO_LEDGER_IDS: Required<PaymentLedgerIds> = {
  chargeId: null,
  balanceTransactionId: null,
  feeMinor: null,
  feeCurrency: null,
};

export type { RefundReason };

/** What a seat in the slot costs: a payment confirms a seat only when it equals this. */
export interface SlotPrice {
  amountMinor: number;
  /** ISO 4217, any case (the catalogue says 'RON', Stripe 'ron'). */
  currency: string;
}

export type PaymentDecision =
  | { outcome: 'confirm'; events: RegistrationEvent[] }
  | { outcome: 'ignore'; why: string }
  /** RefundRequested (and, for a live hold paid wrongly, the hold's release). */
  | { outcome: 'refund'; reason: RefundReason; events: RegistrationEvent[] };

function refundedIntents(history: readonly RegistrationEvent[]): Set<string> {
  const intents = new Set<string>();
  for (const event of history) {
    if (event.type === 'PaymentRefunded' && event.data.paymentIntentId) {
      intents.add(event.data.paymentIntentId);
    }
  }
  return intents;
}

/** The payments whose money is already going back, or went back. */
function settledIntents(history: readonly RegistrationEvent[]): Set<string> {
  const intents = new Set<string>();
  for (const event of history) {
    if (
      (event.type === 'PaymentRefunded' || event.type === 'RefundRequested') &&
      event.data.paymentIntentId
    ) {
      intents.add(event.data.paymentIntentId);
    }
  }
  return intents;
}

/**
 * What the payment of `sessionId` was asked for: the price its page was opened with
 * (CheckoutSessionOpened), so a price or currency changed since applies to new pages only.
 * `current` (the stop's price now) for a session opened before pages kept their price, or one
 * the registration's history does not have.
 */
export function priceAsked(
  history: readonly RegistrationEvent[],
  sessionId: string,
  current: SlotPrice,
): SlotPrice {
  for (const event of history) {
    if (
      event.type === 'CheckoutSessionOpened' &&
      event.data.sessionId === sessionId &&
      event.data.amountMinor !== undefined &&
      event.data.currency !== undefined
    ) {
      return { amountMinor: event.data.amountMinor, currency: event.data.currency };
    }
  }
  return current;
}

function matchesPrice(payment: ReceivedPayment, price: SlotPrice): boolean {
  return (
    payment.amountMinor === price.amountMinor &&
    payment.currency.toLowerCase() === price.currency.toLowerCase()
  );
}

/**
 * A payment succeeded for this registration's checkout. It confirms a seat only when its amount
 * and currency are the slot's price: a live hold becomes a paid seat; a hold that already lapsed
 * takes a seat again if the slot has one free and still takes registrations (`registrationOpen`:
 * isOpenForRegistration). Every other payment is refunded: a wrong amount
 * (the anomaly recorded, and a live hold released, since its checkout is spent), a second
 * distinct payment for a seat already paid, a payment that finds no seat. The same payment
 * decided again (a webhook delivered twice, the sweeper) decides nothing.
 */
export function decidePayment(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  payment: ReceivedPayment,
  slot: SlotSeats,
  price: SlotPrice,
  registrationOpen = true,
): PaymentDecision {
  if (!state) return { outcome: 'ignore', why: 'unknown registration' };
  const intent = payment.paymentIntentId;
  if (intent && settledIntents(history).has(intent)) {
    return { outcome: 'ignore', why: 'this payment is already refunded' };
  }
  if (intent && intent === state.paymentIntentId) {
    return { outcome: 'ignore', why: 'this payment is already recorded' };
  }
  const confirm = (seat: 'held' | 'retaken' | 'offered'): PaymentDecision => ({
    outcome: 'confirm',
    events: [
      {
        type: 'PaymentConfirmed',
        data: {
          registrationId: state.id,
          sessionId: payment.sessionId,
          paymentIntentId: payment.paymentIntentId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          providerEventId: payment.providerEventId,
          seat,
          ...payment.ledger,
        },
      },
    ],
  });
  const refund = (reason: RefundReason): PaymentDecision => {
    if (!intent) return { outcome: 'ignore', why: `no payment id to refund (${reason})` };
    const events: RegistrationEvent[] = [
      {
        type: 'RefundRequested',
        data: {
          registrationId: state.id,
          sessionId: payment.sessionId,
          paymentIntentId: intent,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          reason,
          providerEventId: payment.providerEventId,
          ...(reason === 'amount-mismatch'
            ? { expectedAmountMinor: price.amountMinor, expectedCurrency: price.currency }
            : {}),
          chargeId: payment.ledger.chargeId,
        },
      },
    ];
    if (state.status === 'held') {
      events.push({
        type: 'CheckoutExpired',
        data: { registrationId: state.id, sessionId: payment.sessionId, reason: 'payment-refused' },
      });
    }
    return { outcome: 'refund', reason, events };
  };
  if (!matchesPrice(payment, price)) return refund('amount-mismatch');
  switch (state.status) {
    case 'held':
      return confirm('held');
    case 'offered':
      return confirm('offered');
    case 'paid':
      return state.paymentIntentId === null && intent === null
        ? { outcome: 'ignore', why: 'already paid' }
        : refund('second-payment');
    case 'confirmed':
      return refund('second-payment');
    case 'refunded':
      return refund('no-seat');
    case 'released':
      if (!registrationOpen) return refund('late-payment-slot-closed');
      return hasFreeSeat(slot) ? confirm('retaken') : refund('late-payment-no-free-seat');
    case 'waiting':
    case 'cancelled':
      return refund('no-seat');
    case 'deleted':
      return refund('registration-deleted');
  }
}

/**
 * The provider confirmed the refund of a payment: PaymentRefunded, once per payment (the refund
 * worker and the provider's own charge.refunded may both report it).
 */
export function confirmRefund(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  request: RefundRequested['data'],
  refund: RefundLedgerIds,
): RegistrationEvent[] {
  if (!state) return [];
  if (refundedIntents(history).has(request.paymentIntentId)) return [];
  return [
    {
      type: 'PaymentRefunded',
      data: {
        registrationId: state.id,
        paymentIntentId: request.paymentIntentId,
        amountMinor: request.amountMinor,
        currency: request.currency,
        reason: request.reason,
        providerEventId: null,
        refundId: refund.refundId,
        chargeId: refund.chargeId ?? request.chargeId ?? null,
        balanceTransactionId: refund.balanceTransactionId,
      },
    },
  ];
}

/** The refund requested for a payment, if there is one. */
export function refundRequestFor(
  history: readonly RegistrationEvent[],
  paymentIntentId: string | null,
): RefundRequested['data'] | undefined {
  if (!paymentIntentId) return undefined;
  for (const event of history) {
    if (event.type === 'RefundRequested' && event.data.paymentIntentId === paymentIntentId) {
      return event.data;
    }
  }
  return undefined;
}

/**
 * The refund of the payment that pays the registration's seat, for `reason` (an operator's
 * deletion or a cancellation): none when nothing was paid through the provider or its money is
 * already going back.
 */
export function refundSeatPayment(
  state: RegistrationState,
  history: readonly RegistrationEvent[],
  reason: RefundReason,
): RegistrationEvent[] {
  if (state.status !== 'paid' || !state.paymentIntentId) return [];
  if (settledIntents(history).has(state.paymentIntentId)) return [];
  const payment = seatPaymentOf(state, history);
  if (!payment) return [];
  return [
    {
      type: 'RefundRequested',
      data: {
        registrationId: state.id,
        sessionId: payment.sessionId,
        paymentIntentId: state.paymentIntentId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reason,
        providerEventId: null,
        chargeId: payment.chargeId,
      },
    },
  ];
}

/**
 * The provider's payment that pays the seat, as recorded: by its confirmation, or, for a booking
 * handed on, as it came with the seat (BookingReceived). Null when the seat is not paid through
 * the provider.
 */
export function seatPaymentOf(
  state: Pick<RegistrationState, 'paymentIntentId'>,
  history: readonly RegistrationEvent[],
): {
  sessionId: string | null;
  amountMinor: number;
  currency: string;
  chargeId: string | null;
} | null {
  if (!state.paymentIntentId) return null;
  for (const event of history) {
    if (event.type === 'PaymentConfirmed' && event.data.paymentIntentId === state.paymentIntentId) {
      const { sessionId, amountMinor, currency } = event.data;
      return { sessionId, amountMinor, currency, chargeId: event.data.chargeId ?? null };
    }
    if (
      event.type === 'BookingReceived' &&
      event.data.paymentIntentId === state.paymentIntentId &&
      event.data.amountMinor !== undefined &&
      event.data.currency !== undefined
    ) {
      const { stripeSessionId, amountMinor, currency } = event.data;
      // The charge is the provider's to find again by the payment intent.
      return { sessionId: stripeSessionId, amountMinor, currency, chargeId: null };
    }
  }
  return null;
}

/**
 * An operator deletes a registration: when it was paid through the provider and the operator
 * chose to refund, the payment is refunded (decided here, sent by the refund worker).
 */
export function refundOnDeletion(
  state: RegistrationState,
  history: readonly RegistrationEvent[],
  refund: boolean,
): RegistrationEvent[] {
  return refund ? refundSeatPayment(state, history, 'deleted-by-operator') : [];
}

/**
 * Whether the registration's seat was paid through the provider, so that deleting or
 * cancelling it refunds that money (a seat confirmed from the waiting list was not paid).
 */
export function paidThroughProvider(state: RegistrationState): boolean {
  return state.status === 'paid' && state.paymentIntentId !== null;
}

/**
 * The checkout session closed without payment: the hold is released, unless the registration
 * is paid (an 'expired' that arrives after 'completed' changes nothing) or the session is not
 * the registration's current one.
 */
export function decideCheckoutExpired(
  state: RegistrationState | undefined,
  sessionId: string | null,
  reason: string,
): RegistrationEvent[] {
  if (!state || !awaitsPayment(state.status)) return [];
  if (sessionId && state.checkoutSessionId && state.checkoutSessionId !== sessionId) return [];
  if (state.status === 'offered') {
    // An offer's payment page lives as long as the offer (WAITING_LIST_OFFER_MINUTES is at most
    // Stripe's 24 hours; Stripe keeps a page at least 30 minutes, and the sweeper closes it when
    // a shorter offer lapses), so its end, the sweeper's or the visitor's giving back ends the offer.
    return [
      { type: 'WaitingListOfferLapsed', data: { registrationId: state.id, sessionId, reason } },
    ];
  }
  return [{ type: 'CheckoutExpired', data: { registrationId: state.id, sessionId, reason } }];
}

/**
 * The provider refunded a payment (e.g. from its dashboard). Recorded once per payment; a
 * refund that arrives before the payment itself is recorded too, so the late payment is then
 * ignored instead of taking a seat.
 */
export function decideRefunded(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  refund: ReceivedRefund,
): RegistrationEvent[] {
  if (!state) return [];
  if (refund.paymentIntentId && refundedIntents(history).has(refund.paymentIntentId)) return [];
  if (!refund.paymentIntentId && state.status === 'refunded') return [];
  // Our own refund, reported by the provider before the refund worker recorded it.
  const requested = refundRequestFor(history, refund.paymentIntentId);
  return [
    {
      type: 'PaymentRefunded',
      data: {
        registrationId: state.id,
        paymentIntentId: refund.paymentIntentId,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        reason: requested?.reason ?? refund.reason,
        providerEventId: refund.providerEventId,
        ...refund.ledger,
      },
    },
  ];
}
