import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { SqlExecutor } from '../event-store/sql-executor';
import { redactAddresses } from '../logging/redact-addresses';
import {
  enqueueNotification,
  markOutboxRowSent,
  PAYMENT_REFUND,
  postponeOutboxRow,
  type ClaimedOutboxRow,
  workThroughOutbox,
} from '../notifications/outbox';
import { LeaseRecoveries } from '../notifications/lease-recoveries';
import { PaymentGateway, type RefundReference } from '../payments/payment-gateway';
import {
  afterBatch,
  BACKLOG_REST_MS,
  type MORE_DUE,
  PollingWorker,
} from '../common/polling-worker';
import { confirmRefund, refundRequestFor } from '../registrations/domain/payment-decisions';
import {
  refundNumberOf,
  type RefundReason,
  type RefundRequested,
} from '../registrations/domain/registration-events';
import type { DecodedRegistrationEvent } from '../registrations/registration-event-codec';
import {
  RegistrationStore,
  type RegistrationTransaction,
} from '../registrations/registration-store';

const POLL_INTERVAL_MS = 5_000;
/** Refunds a pass takes at most; each is one call to the provider, made one after another. */
export const REFUND_BATCH = 5;

/** What a refund row of the outbox carries: no personal data, only the provider's ids. */
export interface RefundOrder {
  paymentIntentId: string;
  amountMinor: number;
  currency: string;
  reason: RefundReason;
  /** Which refund of the payment it is (refundNumberOf); absent for the first. */
  part?: number;
  /**
   * Stable per refund, so a retried refund never refunds twice at the provider, and distinct
   * for each refund of one payment (its parts), so the provider makes each.
   */
  idempotencyKey: string;
}

export function refundOrderOf(request: RefundRequested['data']): RefundOrder {
  const number = refundNumberOf(request);
  return {
    paymentIntentId: request.paymentIntentId,
    amountMinor: request.amountMinor,
    currency: request.currency,
    reason: request.reason,
    ...(number === 1 ? {} : { part: number }),
    // The first refund's key is the one every refund had when a payment had one.
    idempotencyKey:
      number === 1
        ? `refund-${request.paymentIntentId}`
        : `refund-${request.paymentIntentId}-${number}`,
  };
}

/**
 * Queues the refunds that `recorded` decides (RefundRequested), in the caller's transaction:
 * they exist if and only if the decision was committed, and leave after COMMIT.
 */
export async function enqueueRefunds(
  sql: SqlExecutor,
  recorded: readonly DecodedRegistrationEvent[],
): Promise<number> {
  let queued = 0;
  for (const { event, recorded: record } of recorded) {
    if (event.type !== 'RefundRequested') continue;
    await enqueueNotification(sql, {
      kind: PAYMENT_REFUND,
      registrationId: event.data.registrationId,
      payload: { ...refundOrderOf(event.data) },
      causedByPosition: record.globalPosition,
    });
    queued += 1;
  }
  return queued;
}

export interface RefundRunResult {
  refunded: number;
  failed: number;
}

/**
 * Sends the refunds the outbox holds to the payment provider, with no transaction open and no
 * lock held while the provider answers (it may take seconds, or fail). Each refund is sent with
 * its own idempotency key, so a retry (after a failure, or a crash after the provider
 * answered) refunds once. Once the provider confirms, PaymentRefunded and the visitor's email
 * are recorded and the row is marked sent, in one short transaction. A failure leaves the row
 * for later with the outbox's back-off. Any number of processes may run it (SKIP LOCKED).
 */
@Injectable()
export class RefundWorker extends PollingWorker {
  /**
   * How long a claim lasts unrenewed (WORK_LEASE_SECONDS); public so that a test can shorten it
   * and watch a renewal and a recovery in seconds.
   */
  leaseMs: number;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly store: RegistrationStore,
    @Optional() private readonly recoveries?: LeaseRecoveries,
  ) {
    super('Refund pass', POLL_INTERVAL_MS, config.workers, BACKLOG_REST_MS);
    this.leaseMs = config.workLeaseMs;
  }

  /** One pass; after a whole batch with some of it refunded, the next follows (afterBatch). */
  protected async pass(): Promise<typeof MORE_DUE | undefined> {
    const { refunded, failed } = await this.runOnce();
    return afterBatch(REFUND_BATCH, refunded + failed, refunded);
  }

  /**
   * Queues in `tx` the refunds among `recorded` (its RefundRequested), and wakes this worker
   * after COMMIT when there are any; answers how many.
   */
  async queue(
    tx: RegistrationTransaction,
    recorded: readonly DecodedRegistrationEvent[],
  ): Promise<number> {
    const queued = await enqueueRefunds(tx.manager, recorded);
    if (queued > 0) tx.afterCommit(() => this.nudge());
    return queued;
  }

  /** After a commit that queued a refund: send it now rather than at the next poll. */
  nudge(): void {
    this.passes.nudge();
  }

  /** One pass over the due refunds, as of `now`. */
  async runOnce(now: Date = new Date()): Promise<RefundRunResult> {
    const result: RefundRunResult = { refunded: 0, failed: 0 };
    await workThroughOutbox(this.dataSource, [PAYMENT_REFUND], now, REFUND_BATCH, this.leaseMs, {
      handle: async (row) => {
        if (await this.send(row, now)) result.refunded += 1;
        else result.failed += 1;
      },
      recovered: (count) => {
        this.recoveries?.leasesRecovered('refund', count);
        if (count > 0) {
          this.logger.warn(`Took back ${count} refund(s) left by a worker whose lease lapsed`);
        }
      },
      renewalFailed: (error) =>
        this.logger.warn(`Refund leases not renewed: ${(error as Error).message}`),
    });
    return result;
  }

  private async send(row: ClaimedOutboxRow, now: Date): Promise<boolean> {
    const order = row.payload as unknown as RefundOrder;
    let refund: RefundReference;
    try {
      refund = await this.gateway.refundPayment({
        paymentIntentId: order.paymentIntentId,
        amountMinor: order.amountMinor,
        idempotencyKey: order.idempotencyKey,
        registrationId: row.registration_id,
      });
    } catch (error) {
      const reason = redactAddresses(error instanceof Error ? error.message : String(error));
      await postponeOutboxRow(this.dataSource, row, reason, now);
      this.logger.warn(
        `Refund ${row.id} of ${order.paymentIntentId} failed, attempt ${row.attempts}: ${reason}`,
      );
      return false;
    }
    // PaymentRefunded and the visitor's email (the events' table), and the row marked sent.
    await this.store.transaction(async (tx) => {
      await this.recordRefunded(tx, row, order, refund);
      await markOutboxRowSent(tx.manager, row.id, now);
    });
    this.logger.log(
      `Payment ${order.paymentIntentId} refunded (${order.reason}): ${refund.refundId}`,
    );
    return true;
  }

  /** PaymentRefunded, once per refund of a payment; under the slot's lock. */
  private async recordRefunded(
    tx: RegistrationTransaction,
    row: ClaimedOutboxRow,
    order: RefundOrder,
    refund: RefundReference,
  ): Promise<void> {
    const locked = await this.store.loadUnderSlotLock(tx, row.registration_id);
    if (!locked) return;
    const { loaded } = locked;
    const history = loaded.history.map((item) => item.event);
    const request = refundRequestFor(history, order.paymentIntentId, refundNumberOf(order));
    if (!request) return;
    await this.store.append(tx, loaded, confirmRefund(loaded.state, history, request, refund), {
      actor: 'payment-provider',
      causationId: `outbox-${row.id}`,
    });
  }
}
