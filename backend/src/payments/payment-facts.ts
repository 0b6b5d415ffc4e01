/**
 * What a payment provider tells the site, in the site's words, whichever provider said it.
 * Amounts are in the currency's minor unit. The adapters (stripe/, sandbox/) translate their
 * deliveries into these; nothing above payments/ reads a provider's own event.
 */
export type PaymentProviderFact =
  | {
      kind: 'checkout-paid';
      registrationId: string;
      sessionId: string;
      paymentIntentId: string | null;
      amountMinor: number;
      currency: string;
    }
  | { kind: 'checkout-expired'; registrationId: string; sessionId: string }
  | {
      kind: 'refunded';
      /** Null when the provider's refund does not name it: the payment names it then. */
      registrationId: string | null;
      paymentIntentId: string | null;
      amountMinor: number;
      currency: string;
      /** The charge refunded, and its latest refund where the delivery lists the refunds. */
      chargeId: string | null;
      refundId: string | null;
      refundBalanceTransactionId: string | null;
    };

/** A verified delivery from the provider: its id, its own name for it, and the fact it states. */
export interface ProviderNotice {
  /** Recorded once: a delivery repeated by the provider is a duplicate. */
  id: string;
  /** The provider's name for the delivery, kept with the record (not read to decide). */
  type: string;
  /** Undefined for a delivery the site does not act on. */
  fact: PaymentProviderFact | undefined;
}
