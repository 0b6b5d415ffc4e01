import Stripe from 'stripe';
import { redactAddresses } from '../../logging/redact-addresses';
import {
  PaymentGateway,
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutSessionStatus,
  type PaymentReference,
  type RefundReference,
  type RefundRequest,
} from '../payment-gateway';
import type { ProviderNotice } from '../payment-facts';
import { verifyWebhook } from '../webhook/verify-webhook';
import { noticeOfStripeEvent } from './stripe-event-facts';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible server (stripe-mock, a test double); unset means Stripe's. */
  apiUrl: string | undefined;
}

/** Stripe refuses an `expires_at` less than 30 minutes after the session is created. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000 + 15_000;

export function createStripeClient(config: StripeGatewayConfig): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

/** Stripe's message, without any address it quotes (it ends up in events and logs). */
function describe(error: unknown): string {
  return redactAddresses(error instanceof Error ? error.message : String(error));
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function refundReferenceOf(refund: Stripe.Refund): RefundReference {
  return {
    refundId: refund.id,
    chargeId: idOf(refund.charge),
    balanceTransactionId: idOf(refund.balance_transaction),
  };
}

/** Stripe Checkout through the official SDK. */
export class StripePaymentGateway extends PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly client: Stripe;

  constructor(private readonly config: StripeGatewayConfig) {
    super();
    this.client = createStripeClient(config);
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const expiresAt = new Date(
      Math.max(request.expiresAt.getTime(), Date.now() + STRIPE_MIN_EXPIRY_MS),
    );
    try {
      const session = await this.client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amountMinor,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.registrationId,
          metadata: {
            registrationId: request.registrationId,
            ...(request.purpose ? { purpose: request.purpose } : {}),
          },
          payment_intent_data: {
            metadata: {
              registrationId: request.registrationId,
              ...(request.purpose ? { purpose: request.purpose } : {}),
            },
          },
          customer_email: request.customerEmail,
          locale: request.locale,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        {
          idempotencyKey: request.idempotencyKey ?? `checkout-session-${request.registrationId}`,
        },
      );
      if (!session.url) throw new Error('Stripe answered a session without a payment page');
      return {
        provider: 'stripe',
        sessionId: session.id,
        url: session.url,
        expiresAt: new Date(session.expires_at * 1000),
        amountMinor: request.amountMinor,
        currency: request.currency.toUpperCase(),
      };
    } catch (error) {
      throw new PaymentProviderError(
        `The payment provider could not open a payment page: ${describe(error)}`,
        error,
      );
    }
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionStatus> {
    try {
      const session = await this.client.checkout.sessions.retrieve(sessionId);
      return {
        sessionId: session.id,
        status:
          (['complete', 'expired'] as const).find((value) => value === session.status) ?? 'open',
        paymentStatus:
          (['paid', 'no_payment_required'] as const).find(
            (value) => value === session.payment_status,
          ) ?? 'unpaid',
        paymentIntentId: idOf(session.payment_intent),
        amountMinor: session.amount_total,
        currency: session.currency,
      };
    } catch (error) {
      throw new PaymentProviderError(`Could not read the checkout session: ${describe(error)}`);
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      await this.client.checkout.sessions.expire(sessionId);
    } catch (error) {
      // A session that is no longer open cannot be expired; that is what we wanted anyway.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw new PaymentProviderError(`Could not expire the checkout session: ${describe(error)}`);
    }
  }

  async refundPayment(request: RefundRequest): Promise<RefundReference> {
    try {
      const refund = await this.client.refunds.create(
        {
          payment_intent: request.paymentIntentId,
          amount: request.amountMinor,
          metadata: { registrationId: request.registrationId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return refundReferenceOf(refund);
    } catch (error) {
      throw new PaymentProviderError(`The refund failed: ${describe(error)}`, error);
    }
  }

  async paymentReference(paymentIntentId: string): Promise<PaymentReference> {
    try {
      const intent = await this.client.paymentIntents.retrieve(paymentIntentId, {
        expand: ['latest_charge.balance_transaction'],
      });
      const charge = intent.latest_charge;
      const transaction = charge && typeof charge !== 'string' ? charge.balance_transaction : null;
      const settled = transaction && typeof transaction !== 'string' ? transaction : null;
      return {
        chargeId: idOf(charge),
        balanceTransactionId: idOf(transaction),
        feeMinor: settled ? settled.fee : null,
        feeCurrency: settled ? settled.currency : null,
      };
    } catch (error) {
      throw new PaymentProviderError(`Could not read the payment: ${describe(error)}`, error);
    }
  }

  async refundReference(paymentIntentId: string): Promise<RefundReference | undefined> {
    try {
      const refunds = await this.client.refunds.list({
        payment_intent: paymentIntentId,
        limit: 1,
      });
      const [latest] = refunds.data;
      return latest && refundReferenceOf(latest);
    } catch (error) {
      throw new PaymentProviderError(
        `Could not read the payment's refunds: ${describe(error)}`,
        error,
      );
    }
  }

  async webhookSecret(): Promise<string> {
    return this.config.webhookSecret;
  }

  async readWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<ProviderNotice | undefined> {
    const event = await verifyWebhook(rawBody, signature, await this.webhookSecret());
    return event && noticeOfStripeEvent(event);
  }
}
