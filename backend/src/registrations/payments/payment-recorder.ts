import { Injectable, Logger } from '@nestjs/common';
import type { EventMetadata } from '../../event-store/event-store.types';
import { enqueueNotification } from '../../notifications/outbox';
import { OutboxWorker } from '../../notifications/outbox-worker';
import { PaymentGateway } from '../../payments/payment-gateway';
import {
  decideCheckoutExpired,
  decidePayment,
  decideRefunded,
  refundUnplacedPayment,
  type ReceivedPayment,
  type ReceivedRefund,
} from '../domain/payment-decisions';
import { RegistrationStore, type RegistrationTransaction } from '../registration-store';

/** A payment provider's fact about one registration, already verified and parsed. */
export type PaymentFact =
  | { kind: 'payment-succeeded'; registrationId: string; payment: ReceivedPayment }
  | { kind: 'checkout-expired'; registrationId: string; sessionId: string | null; reason: string }
  | { kind: 'refunded'; registrationId: string; refund: ReceivedRefund };

export type RecordOutcome =
  'duplicate' | 'confirmed' | 'refunded' | 'released' | 'unchanged' | 'unknown-registration';

/**
 * Records what the payment provider says, in one transaction per fact: the provider event id
 * (once), the registration's events, and the emails they cause. Every path takes the slot's
 * lock first, because each may change who holds a seat.
 */
@Injectable()
export class PaymentRecorder {
  private readonly logger = new Logger(PaymentRecorder.name);

  constructor(
    private readonly store: RegistrationStore,
    private readonly gateway: PaymentGateway,
    private readonly outbox: OutboxWorker,
  ) {}

  async record(
    fact: PaymentFact,
    provenance: { providerEventId: string | null; providerEventType: string },
    metadata: EventMetadata,
  ): Promise<RecordOutcome> {
    return this.store.transaction(async (tx) => {
      const { providerEventId } = provenance;
      if (providerEventId) {
        const inserted: unknown[] = await tx.manager.query(
          `INSERT INTO processed_provider_events (provider_event_id, type, registration_id, outcome)
           VALUES ($1, $2, $3, 'processing') ON CONFLICT (provider_event_id) DO NOTHING
           RETURNING 1`,
          [providerEventId, provenance.providerEventType, fact.registrationId],
        );
        if (inserted.length === 0) return 'duplicate';
      }
      const outcome = await this.apply(tx, fact, metadata);
      if (providerEventId) {
        await tx.manager.query(
          'UPDATE processed_provider_events SET outcome = $2 WHERE provider_event_id = $1',
          [providerEventId, outcome],
        );
      }
      return outcome;
    });
  }

  private async apply(
    tx: RegistrationTransaction,
    fact: PaymentFact,
    metadata: EventMetadata,
  ): Promise<RecordOutcome> {
    const first = await this.store.load(tx, fact.registrationId);
    if (!first.state) return 'unknown-registration';
    const seats = await tx.lockSlot(first.state.event, first.state.time);
    const loaded = await this.store.load(tx, fact.registrationId);
    const state = loaded.state!;
    const history = loaded.history.map((item) => item.event);

    if (fact.kind === 'checkout-expired') {
      const events = decideCheckoutExpired(state, fact.sessionId, fact.reason);
      await this.store.append(tx, loaded, events, metadata);
      return events.length > 0 ? 'released' : 'unchanged';
    }

    if (fact.kind === 'refunded') {
      const events = decideRefunded(state, history, fact.refund);
      await this.store.append(tx, loaded, events, metadata);
      return events.length > 0 ? 'refunded' : 'unchanged';
    }

    const decision = decidePayment(state, history, fact.payment, seats);
    if (decision.outcome === 'ignore') {
      this.logger.log(`Payment for ${state.id} changes nothing: ${decision.why}`);
      return 'unchanged';
    }
    if (decision.outcome === 'confirm') {
      const [recorded] = await this.store.append(tx, loaded, decision.events, metadata);
      await enqueueNotification(tx.manager, {
        kind: 'payment-confirmed',
        registrationId: state.id,
        causedByPosition: recorded.recorded.globalPosition,
      });
      tx.afterCommit(() => this.outbox.nudge());
      return 'confirmed';
    }

    // No seat for this money: it goes back through the provider before the fact is recorded;
    // if the refund fails nothing is recorded and the provider delivers the event again.
    const { payment } = fact;
    if (!payment.paymentIntentId) {
      throw new Error(`Payment for ${state.id} has no payment id to refund`);
    }
    await this.gateway.refundPayment({
      paymentIntentId: payment.paymentIntentId,
      amountMinor: payment.amountMinor,
      idempotencyKey: `refund-${payment.paymentIntentId}`,
      registrationId: state.id,
    });
    const [recorded] = await this.store.append(
      tx,
      loaded,
      refundUnplacedPayment(state, payment, decision.reason),
      metadata,
    );
    if (decision.reason !== 'registration-deleted') {
      await enqueueNotification(tx.manager, {
        kind: 'late-payment-refunded',
        registrationId: state.id,
        payload: { amountMinor: payment.amountMinor, currency: payment.currency },
        causedByPosition: recorded.recorded.globalPosition,
      });
      tx.afterCommit(() => this.outbox.nudge());
    }
    this.logger.warn(`Payment for ${state.id} refunded: ${decision.reason}`);
    return 'refunded';
  }
}
