import type { Locale } from '../registrations/domain/registration-events';

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
}

export interface CheckoutSession {
  provider: 'stripe' | 'sandbox';
  sessionId: string;
  url: string;
  expiresAt: Date;
}

/** The payment provider could not do what was asked; the visitor may try again later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The port every payment provider adapter implements; chosen by configuration. */
export abstract class PaymentGateway {
  abstract readonly provider: CheckoutSession['provider'];
  abstract createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
}
