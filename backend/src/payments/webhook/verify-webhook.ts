import Stripe from 'stripe';
import type { ParameterRule } from '../../common/parameter-rule';

/**
 * The Stripe-Signature header: `t=<unix time>,v1=<hex HMAC-SHA256>`, with one more v1 for each
 * secret while a secret is being rolled. A longer one is refused without being parsed.
 */
export const STRIPE_SIGNATURE: ParameterRule = {
  maxLength: 1024,
  pattern: /^[\x21-\x7e]+$/,
  shape: "Stripe's signature, t=<unix time>,v1=<hex HMAC-SHA256>",
};

/**
 * Checks a delivery with Stripe's own scheme (HMAC-SHA256 over "timestamp.rawBody", five
 * minutes of tolerance) and answers the event, or undefined when the signature does not hold.
 */
export async function verifyWebhook(
  rawBody: Buffer | undefined,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event | undefined> {
  if (!rawBody || rawBody.length === 0 || !signature) return undefined;
  if (signature.length > STRIPE_SIGNATURE.maxLength || !STRIPE_SIGNATURE.pattern!.test(signature)) {
    return undefined;
  }
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return undefined;
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/** Signs a payload as Stripe would (used by the sandbox and by tests). */
export function signWebhookPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}
