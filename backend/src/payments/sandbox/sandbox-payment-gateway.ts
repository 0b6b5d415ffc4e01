import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config/config';
import { PaymentGateway, type CheckoutRequest, type CheckoutSession } from '../payment-gateway';

/**
 * A local stand-in for Stripe Checkout: the session is a page of this server that behaves like
 * a card form. Used whenever no Stripe key is configured.
 */
export class SandboxPaymentGateway extends PaymentGateway {
  readonly provider = 'sandbox' as const;

  constructor(private readonly config: Pick<AppConfig, 'publicUrl'>) {
    super();
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
    return {
      provider: 'sandbox',
      sessionId,
      url: `${this.config.publicUrl}/sandbox/checkout/${sessionId}`,
      expiresAt: request.expiresAt,
    };
  }
}
