import Stripe from 'stripe';
import { request, registrationBody } from '../http';

export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_standin123',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin_secret',
};

/** Posts a signed Stripe-shaped event to the webhook, as Stripe would. */
export async function deliver(
  baseUrl: string,
  event: Record<string, unknown>,
  secret = STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return request<{ received: boolean; outcome: string }>(
    baseUrl,
    'POST',
    '/api/payments/webhook',
    payload,
    { 'content-type': 'application/json', 'stripe-signature': signature },
  );
}

let counter = 0;

export function sessionEvent(
  type: string,
  session: {
    id: string;
    registrationId: string;
    paymentIntent?: string | null;
    paymentStatus?: string;
    status?: string;
  },
  eventId = `evt_test_${++counter}_${Date.now()}`,
): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        status: session.status ?? (type === 'checkout.session.expired' ? 'expired' : 'complete'),
        payment_status:
          session.paymentStatus ?? (type === 'checkout.session.expired' ? 'unpaid' : 'paid'),
        amount_total: 3500,
        currency: 'ron',
        client_reference_id: session.registrationId,
        metadata: { registrationId: session.registrationId },
        payment_intent:
          session.paymentIntent === undefined ? `pi_${session.id}` : session.paymentIntent,
      },
    },
  };
}

export function chargeRefundedEvent(
  registrationId: string,
  paymentIntent: string,
  eventId = `evt_test_${++counter}_${Date.now()}`,
): Record<string, unknown> {
  return {
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        amount: 3500,
        amount_refunded: 3500,
        currency: 'ron',
        refunded: true,
        payment_intent: paymentIntent,
        metadata: { registrationId },
      },
    },
  };
}

export async function registerVisitor(
  baseUrl: string,
  overrides: Record<string, unknown> = {},
): Promise<{ registrationId: string; url?: string; waitingList?: boolean; status: number }> {
  const response = await request<{ registrationId: string; url?: string; waitingList?: boolean }>(
    baseUrl,
    'POST',
    '/api/create-checkout-session',
    registrationBody(overrides),
  );
  return { ...response.body, status: response.status };
}
