import type Stripe from 'stripe';
import { isRegistrationId } from '../../common/registration-id';
import type { PaymentProviderFact, ProviderNotice } from '../payment-facts';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function registrationIdOf(object: {
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}): string | null {
  const id = object.client_reference_id ?? object.metadata?.registrationId ?? null;
  return id && isRegistrationId(id) ? id : null;
}

/**
 * The fact a verified Stripe event states, in the site's words; undefined for the events the
 * site does not act on. The sandbox delivers events of Stripe's shapes, so it is read the same way.
 */
export function factOfStripeEvent(event: Stripe.Event): PaymentProviderFact | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const registrationId = registrationIdOf(session);
      // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
      if (!registrationId || session.payment_status !== 'paid') return undefined;
      return {
        kind: 'checkout-paid',
        registrationId,
        sessionId: session.id,
        paymentIntentId: idOf(session.payment_intent),
        amountMinor: session.amount_total ?? 0,
        currency: session.currency ?? '',
      };
    }
    case 'checkout.session.expired': {
      const session = event.data.object;
      const registrationId = registrationIdOf(session);
      if (!registrationId) return undefined;
      return { kind: 'checkout-expired', registrationId, sessionId: session.id };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // A partial refund leaves the seat paid for; only a full refund is the fact we record.
      if (!charge.refunded) return undefined;
      // Stripe lists the charge's refunds, newest first, only where the API version includes them.
      const latest = charge.refunds?.data[0];
      return {
        kind: 'refunded',
        registrationId: registrationIdOf({ metadata: charge.metadata }),
        paymentIntentId: idOf(charge.payment_intent),
        amountMinor: charge.amount_refunded,
        currency: charge.currency,
        chargeId: charge.id,
        refundId: latest?.id ?? null,
        refundBalanceTransactionId: idOf(latest?.balance_transaction),
      };
    }
    default:
      return undefined;
  }
}

/** A verified Stripe event as the port's notice. */
export function noticeOfStripeEvent(event: Stripe.Event): ProviderNotice {
  return { id: event.id, type: event.type, fact: factOfStripeEvent(event) };
}
