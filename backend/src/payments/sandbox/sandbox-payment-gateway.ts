import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/config';
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
import { sandboxWebhookSecret } from './sandbox-webhook-secret';
import type { ProviderNotice } from '../payment-facts';
import { verifyWebhook } from '../webhook/verify-webhook';
import { noticeOfStripeEvent } from '../stripe/stripe-event-facts';

export interface SandboxSessionRow {
  id: string;
  registration_id: string;
  description: string;
  locale: string;
  amount_minor: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  expires_at: Date;
  status: 'open' | 'complete' | 'expired';
  payment_intent_id: string | null;
  refunded_at: Date | null;
  /** What the page pays when it is not the seat (CheckoutRequest.purpose). */
  purpose: string | null;
}

// UPDATE ... RETURNING goes through a CTE: TypeORM answers a bare UPDATE as [rows, count].

/** An open session past its expiry counts as expired, as Stripe's does. */
export function effectiveStatus(row: SandboxSessionRow, now: Date): SandboxSessionRow['status'] {
  return row.status === 'open' && row.expires_at.getTime() <= now.getTime()
    ? 'expired'
    : row.status;
}

function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(18).toString('base64url')}`;
}

const SESSION_ID = /^cs_sandbox_[A-Za-z0-9_-]{24}$/;

/** The part of a sandbox id after its prefix: a payment's charge and balance ids share it. */
function sandboxSuffix(id: string): string {
  return id.replace(/^[a-z]+_sandbox_/, '');
}

/**
 * The sandbox's fee: 1.5 % of the payment, in its currency, rounded to the minor unit (a
 * stand-in for a card fee, so the accounts have one to show).
 */
export function sandboxFee(amountMinor: number): number {
  return Math.round((amountMinor * 15) / 1000);
}

/**
 * A sandbox payment in the provider's books, Stripe's shapes with ids derived from the payment
 * intent's (pi_sandbox_X: ch_sandbox_X, txn_sandbox_X), the same every time it is asked.
 */
export function sandboxPaymentReference(
  paymentIntentId: string,
  paid: { amount_minor: number; currency: string } | undefined,
): PaymentReference {
  const suffix = sandboxSuffix(paymentIntentId);
  return {
    chargeId: `ch_sandbox_${suffix}`,
    balanceTransactionId: `txn_sandbox_${suffix}`,
    feeMinor: paid ? sandboxFee(paid.amount_minor) : null,
    feeCurrency: paid ? paid.currency.toLowerCase() : null,
  };
}

/**
 * A sandbox payment's refund, by its place among the payment's refunds: the first re_sandbox_X
 * (its balance txn_sandbox_re_X), each later one re_sandbox_X_<n> (a payment refunded in parts).
 */
export function sandboxRefundReference(paymentIntentId: string, refund = 1): RefundReference {
  const suffix = sandboxSuffix(paymentIntentId);
  const id = refund === 1 ? suffix : `${suffix}_${refund}`;
  return {
    refundId: `re_sandbox_${id}`,
    chargeId: `ch_sandbox_${suffix}`,
    balanceTransactionId: `txn_sandbox_re_${id}`,
  };
}

/** The refund's place among its payment's refunds, from its id (sandboxRefundReference). */
function refundPlace(refundId: string): number {
  const place = /_(\d+)$/.exec(refundId.replace(/^re_sandbox_/, '').slice(24));
  return place ? Number(place[1]) : 1;
}

/** Whether a text can be a sandbox checkout session's id, as sandboxId('cs') makes them. */
export function isSandboxSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

/**
 * A local stand-in for Stripe Checkout: the session is a page of this server that behaves like
 * a card form, and its sessions live in the database so every app process sees them. Used
 * whenever no Stripe key is configured.
 */
export class SandboxPaymentGateway extends PaymentGateway {
  readonly provider = 'sandbox' as const;
  private secret: Promise<string> | undefined;

  constructor(
    private readonly config: Pick<AppConfig, 'publicUrl' | 'sandboxWebhookSecret'>,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = sandboxId('cs');
    await this.dataSource.query(
      `INSERT INTO sandbox_checkout_sessions
         (id, registration_id, description, locale, amount_minor, currency, success_url,
          cancel_url, expires_at, purpose)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        sessionId,
        request.registrationId,
        request.description,
        request.locale,
        request.amountMinor,
        request.currency.toLowerCase(),
        request.successUrl,
        request.cancelUrl,
        request.expiresAt,
        request.purpose ?? null,
      ],
    );
    return {
      provider: 'sandbox',
      sessionId,
      url: `${this.config.publicUrl}/sandbox/checkout/${sessionId}`,
      expiresAt: request.expiresAt,
      amountMinor: request.amountMinor,
      currency: request.currency.toUpperCase(),
    };
  }

  async findSession(sessionId: string): Promise<SandboxSessionRow | undefined> {
    const rows: SandboxSessionRow[] = await this.dataSource.query(
      'SELECT * FROM sandbox_checkout_sessions WHERE id = $1',
      [sessionId],
    );
    return rows[0];
  }

  /**
   * Completes an open, unexpired session with a new payment; answers the session as it now is
   * (a session paid twice stays paid once).
   */
  async completeSession(sessionId: string, now: Date): Promise<SandboxSessionRow | undefined> {
    const rows: SandboxSessionRow[] = await this.dataSource.query(
      `WITH completed AS (
         UPDATE sandbox_checkout_sessions SET status = 'complete', payment_intent_id = $2
          WHERE id = $1 AND status = 'open' AND expires_at > $3
          RETURNING *)
       SELECT * FROM completed`,
      [sessionId, sandboxId('pi'), now],
    );
    return rows[0] ?? this.findSession(sessionId);
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionStatus> {
    const row = await this.findSession(sessionId);
    if (!row) {
      // A session this sandbox never stored cannot be paid: it is as good as expired.
      return {
        sessionId,
        status: 'expired',
        paymentStatus: 'unpaid',
        paymentIntentId: null,
        amountMinor: null,
        currency: null,
      };
    }
    const status = effectiveStatus(row, new Date());
    return {
      sessionId,
      status,
      paymentStatus: status === 'complete' ? 'paid' : 'unpaid',
      paymentIntentId: row.payment_intent_id,
      amountMinor: row.amount_minor,
      currency: row.currency,
    };
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE sandbox_checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`,
      [sessionId],
    );
  }

  /**
   * Refunds `amountMinor` of a payment, as Stripe does: once per idempotency key (the same key
   * again answers the refund it made), never beyond what the payment took (refused, as Stripe
   * refuses), each refund its own. The payment's session is locked while it is decided, so two
   * refunds of one payment at once add up right; its refunded_at is set once nothing is left.
   */
  async refundPayment(request: RefundRequest): Promise<RefundReference> {
    return this.dataSource.transaction(async (manager) => {
      const sessions: { amount_minor: number }[] = await manager.query(
        `SELECT amount_minor FROM sandbox_checkout_sessions
          WHERE payment_intent_id = $1 FOR UPDATE`,
        [request.paymentIntentId],
      );
      if (sessions.length === 0) {
        throw new PaymentProviderError(`No such payment: ${request.paymentIntentId}`);
      }
      const [made]: { id: string; payment_intent_id: string }[] = await manager.query(
        'SELECT id, payment_intent_id FROM sandbox_refunds WHERE idempotency_key = $1',
        [request.idempotencyKey],
      );
      if (made) {
        if (made.payment_intent_id !== request.paymentIntentId) {
          throw new PaymentProviderError('This idempotency key was used for another payment');
        }
        return sandboxRefundReference(request.paymentIntentId, refundPlace(made.id));
      }
      const [{ refunded, count }]: { refunded: number; count: number }[] = await manager.query(
        `SELECT coalesce(sum(amount_minor), 0)::int AS refunded, count(*)::int AS count
           FROM sandbox_refunds WHERE payment_intent_id = $1`,
        [request.paymentIntentId],
      );
      const paid = sessions[0].amount_minor;
      if (request.amountMinor <= 0 || refunded + request.amountMinor > paid) {
        throw new PaymentProviderError(
          `Refund amount (${request.amountMinor}) is greater than what is left of the payment (${paid - refunded})`,
        );
      }
      const reference = sandboxRefundReference(request.paymentIntentId, count + 1);
      await manager.query(
        `INSERT INTO sandbox_refunds (id, payment_intent_id, amount_minor, idempotency_key)
         VALUES ($1, $2, $3, $4)`,
        [reference.refundId, request.paymentIntentId, request.amountMinor, request.idempotencyKey],
      );
      if (refunded + request.amountMinor === paid) {
        await manager.query(
          `UPDATE sandbox_checkout_sessions SET refunded_at = coalesce(refunded_at, now())
            WHERE payment_intent_id = $1`,
          [request.paymentIntentId],
        );
      }
      return reference;
    });
  }

  /** Derived from the payment's id; its fee from its session (none for a payment it never took). */
  async paymentReference(paymentIntentId: string): Promise<PaymentReference> {
    const rows: { amount_minor: number; currency: string }[] = await this.dataSource.query(
      'SELECT amount_minor, currency FROM sandbox_checkout_sessions WHERE payment_intent_id = $1',
      [paymentIntentId],
    );
    return sandboxPaymentReference(paymentIntentId, rows[0]);
  }

  /** The payment's latest refund, if it has one. */
  async refundReference(paymentIntentId: string): Promise<RefundReference | undefined> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM sandbox_refunds WHERE payment_intent_id = $1
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [paymentIntentId],
    );
    return rows.length > 0
      ? sandboxRefundReference(paymentIntentId, refundPlace(rows[0].id))
      : undefined;
  }

  webhookSecret(): Promise<string> {
    if (this.config.sandboxWebhookSecret) return Promise.resolve(this.config.sandboxWebhookSecret);
    this.secret ??= sandboxWebhookSecret(this.dataSource).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  /** The sandbox signs and shapes its deliveries as Stripe does: they are read the same way. */
  async readWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
  ): Promise<ProviderNotice | undefined> {
    const event = await verifyWebhook(rawBody, signature, await this.webhookSecret());
    return event && noticeOfStripeEvent(event);
  }
}
