import { DomainError } from '../common/domain-error';
import type { Locale } from '../common/locale';
import type { ProviderNotice } from './payment-facts';
import type { ParameterRule } from '../common/parameter-rule';

/**
 * A checkout session's id as a request names it (`{sessionId}`): Stripe's (`cs_test_…`,
 * `cs_live_…`, ids up to 255 characters) or the sandbox's (`cs_sandbox_…`).
 */
export const CHECKOUT_SESSION_ID: ParameterRule = {
  maxLength: 255,
  pattern: /^cs_[A-Za-z0-9_-]+$/,
  shape: 'a checkout session id (cs_…)',
};

export interface CheckoutRequest {
  registrationId: string;
  /** Shown on the payment page, e.g. 'Bucharest — Oct 30 - 7:30pm'. */
  description: string;
  customerEmail: string;
  locale: Locale;
  amountMinor: number;
  currency: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /**
   * The provider's idempotency key of the page, when it is not the seat's own (one per
   * registration): a move's difference has a page of its own, one per move waiting.
   */
  idempotencyKey?: string;
  /** What the page pays when it is not the seat: a move's difference (the provider keeps it). */
  purpose?: 'move-difference';
}

export interface CheckoutSession {
  provider: 'stripe' | 'sandbox';
  sessionId: string;
  url: string;
  expiresAt: Date;
  /** What the page asks (the request's price), as ISO 4217 spells the currency (RON). */
  amountMinor: number;
  currency: string;
}

/** What the provider says about a checkout session now (the sweeper asks before releasing). */
export interface CheckoutSessionStatus {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
  amountMinor: number | null;
  currency: string | null;
}

export interface RefundRequest {
  paymentIntentId: string;
  amountMinor: number;
  /**
   * Stable per refund, so a retried refund never refunds twice; each refund of one payment
   * (a payment refunded in parts) has its own.
   */
  idempotencyKey: string;
  registrationId: string;
}

/**
 * Where a payment sits in the provider's books, so a payout can be matched line by line: its
 * charge, the balance transaction that moved the money into the balance, and the provider's
 * fee, in the balance's currency (which may differ from the payment's). Null where the provider
 * does not say (yet).
 */
export interface PaymentReference {
  chargeId: string | null;
  balanceTransactionId: string | null;
  feeMinor: number | null;
  feeCurrency: string | null;
}

/** A refund as the provider's books have it: its id, the charge it reverses, its balance transaction. */
export interface RefundReference {
  refundId: string;
  chargeId: string | null;
  balanceTransactionId: string | null;
}

/** The payment provider could not do what was asked; the visitor may try again later. */
export class PaymentProviderError extends DomainError {
  static override readonly codes = { 'payment-provider-failed': 502 };

  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super('payment-provider-failed', message);
    this.name = 'PaymentProviderError';
  }
}

/** The port every payment provider adapter implements; chosen by configuration. */
export abstract class PaymentGateway {
  abstract readonly provider: CheckoutSession['provider'];
  abstract createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  abstract retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionStatus>;
  /** Closes an open session so it can no longer be paid; a session already closed is fine. */
  abstract expireCheckoutSession(sessionId: string): Promise<void>;
  abstract refundPayment(request: RefundRequest): Promise<RefundReference>;
  /** The charge, balance transaction and fee of a payment, as the provider's books have them. */
  abstract paymentReference(paymentIntentId: string): Promise<PaymentReference>;
  /** The latest refund of a payment (one made at the provider's dashboard); undefined if none. */
  abstract refundReference(paymentIntentId: string): Promise<RefundReference | undefined>;
  /** The secret the provider signs its webhook deliveries with (Stripe's scheme). */
  abstract webhookSecret(): Promise<string>;
  /**
   * A webhook delivery, once its signature holds, as the fact it states (ProviderNotice);
   * undefined when the signature does not hold.
   */
  abstract readWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<ProviderNotice | undefined>;
}
