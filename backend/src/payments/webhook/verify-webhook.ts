import Stripe from 'stripe';

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
