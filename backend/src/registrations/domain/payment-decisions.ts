import { hasFreeSeat, type RegistrationState, type SlotSeats } from './registration';
import type { RegistrationEvent } from './registration-events';

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
}

export interface ReceivedRefund {
  paymentIntentId: string | null;
  amountMinor: number;
  currency: string;
  providerEventId: string | null;
  reason: string;
}

export type RefundReason = 'late-payment-no-free-seat' | 'no-seat' | 'registration-deleted';

export type PaymentDecision =
  | { outcome: 'confirm'; events: RegistrationEvent[] }
  | { outcome: 'ignore'; why: string }
  | { outcome: 'refund'; reason: RefundReason };

function refundedIntents(history: readonly RegistrationEvent[]): Set<string> {
  const intents = new Set<string>();
  for (const event of history) {
    if (event.type === 'PaymentRefunded' && event.data.paymentIntentId) {
      intents.add(event.data.paymentIntentId);
    }
  }
  return intents;
}

/**
 * A payment succeeded for this registration's checkout. A live hold becomes a paid seat; a hold
 * that already lapsed takes a seat again if the slot has one free, and is refunded otherwise.
 */
export function decidePayment(
  state: RegistrationState | undefined,
  history: readonly RegistrationEvent[],
  payment: ReceivedPayment,
  slot: SlotSeats,
): PaymentDecision {
  if (!state) return { outcome: 'ignore', why: 'unknown registration' };
  if (payment.paymentIntentId && refundedIntents(history).has(payment.paymentIntentId)) {
    return { outcome: 'ignore', why: 'this payment was already refunded' };
  }
  const confirm = (seat: 'held' | 'retaken'): PaymentDecision => ({
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
        },
      },
    ],
  });
  switch (state.status) {
    case 'held':
      return confirm('held');
    case 'paid':
    case 'confirmed':
      return { outcome: 'ignore', why: 'already paid' };
    case 'refunded':
      return { outcome: 'ignore', why: 'already refunded' };
    case 'released':
      return hasFreeSeat(slot)
        ? confirm('retaken')
        : { outcome: 'refund', reason: 'late-payment-no-free-seat' };
    case 'waiting':
      return { outcome: 'refund', reason: 'no-seat' };
    case 'deleted':
      return { outcome: 'refund', reason: 'registration-deleted' };
  }
}

/** The fact that the money of a payment that found no seat went back. */
export function refundUnplacedPayment(
  state: RegistrationState,
  payment: ReceivedPayment,
  reason: RefundReason,
): RegistrationEvent[] {
  return [
    {
      type: 'PaymentRefunded',
      data: {
        registrationId: state.id,
        paymentIntentId: payment.paymentIntentId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reason,
        providerEventId: payment.providerEventId,
      },
    },
  ];
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
  if (!state || state.status !== 'held') return [];
  if (sessionId && state.checkoutSessionId && state.checkoutSessionId !== sessionId) return [];
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
  return [
    {
      type: 'PaymentRefunded',
      data: {
        registrationId: state.id,
        paymentIntentId: refund.paymentIntentId,
        amountMinor: refund.amountMinor,
        currency: refund.currency,
        reason: refund.reason,
        providerEventId: refund.providerEventId,
      },
    },
  ];
}
