import { Inject, Injectable, Logger } from '@nestjs/common';
import { LiveTour } from '../tour/live-tour';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { EventMetadata } from '../event-store/event-store.types';
import {
  decideCheckoutExpired,
  decideDifferencePayment,
  decideMoveLapsed,
  decidePayment,
  decideRefunded,
  isDifferenceSession,
  priceAsked,
  type ReceivedPayment,
  type ReceivedRefund,
  type SlotPrice,
} from '../registrations/domain/payment-decisions';
import type { RegistrationState } from '../registrations/domain/registration';
import type { RegistrationEvent } from '../registrations/domain/registration-events';
import { emailKey } from '../registrations/domain/registration-rules';
import { placesAndClientHolds } from '../registrations/queries/registration-reads';
import {
  RegistrationStore,
  type RegistrationTransaction,
} from '../registrations/registration-store';
import { RefundWorker } from './refund-worker';

/** A payment provider's fact about one registration, already verified and parsed. */
export type PaymentFact =
  | { kind: 'payment-succeeded'; registrationId: string; payment: ReceivedPayment }
  | { kind: 'checkout-expired'; registrationId: string; sessionId: string | null; reason: string }
  | { kind: 'refunded'; registrationId: string; refund: ReceivedRefund }
  /** The seat held for a move is past its time, its page (if any) closed unpaid. */
  | { kind: 'move-lapsed'; registrationId: string; sessionId: string | null; expiresAt: Date };

export type RecordOutcome =
  | 'duplicate'
  | 'confirmed'
  | 'refund-requested'
  | 'refunded'
  | 'released'
  | 'moved'
  | 'unchanged'
  | 'unknown-registration';

/**
 * Records what the payment provider says, in one transaction per fact: the provider event id
 * (once), the registration's events, and the emails and refunds they cause. Every path takes
 * the slot's lock first, because each may change who holds a seat. Nothing here calls the
 * provider: a refund is decided (RefundRequested) and queued, and the RefundWorker sends it
 * after COMMIT.
 */
@Injectable()
export class PaymentRecorder {
  private readonly logger = new Logger(PaymentRecorder.name);

  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
    private readonly refunds: RefundWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What the payment was asked for: the price its page was opened with (priceAsked); for a page
   * opened before pages kept it, the stop's price now. A stop that left the tour costs nothing
   * known.
   */
  private priceOf(
    state: RegistrationState,
    history: readonly RegistrationEvent[],
    sessionId: string,
  ): SlotPrice {
    const found = this.catalogue.findSlot(state.event, state.time);
    const current = found
      ? this.catalogue.priceOf(found.event)
      : { amountMinor: -1, currency: this.catalogue.currency };
    return priceAsked(history, sessionId, current);
  }

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
    const locked = await this.store.loadUnderSlotLock(tx, fact.registrationId);
    if (!locked) return 'unknown-registration';
    const { loaded, state, seats } = locked;
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

    if (fact.kind === 'move-lapsed') {
      const events = decideMoveLapsed(state, fact.sessionId, fact.expiresAt);
      await this.store.append(tx, loaded, events, metadata);
      return events.length > 0 ? 'released' : 'unchanged';
    }

    if (isDifferenceSession(history, fact.payment.sessionId)) {
      // A move's difference: the booking moves into the seat held for it, or the money goes back.
      const pending = state.pendingMove;
      const places =
        pending && state.email
          ? await placesAndClientHolds(
              tx.manager,
              pending.event,
              pending.time,
              [emailKey(state.email)],
              [],
            )
          : [];
      const decision = decideDifferencePayment(state, history, fact.payment, {
        emailKeepsPlace: places.some((row) => row.email_key !== null),
      });
      if (decision.outcome === 'ignore') {
        this.logger.log(`Difference paid for ${state.id} changes nothing: ${decision.why}`);
        return 'unchanged';
      }
      const recorded = await this.store.append(tx, loaded, decision.events, metadata);
      if (decision.outcome === 'confirm') return 'moved';
      await this.refunds.queue(tx, recorded);
      this.logger.warn(`Difference paid for ${state.id} to be refunded: ${decision.reason}`);
      return 'refund-requested';
    }

    const open = this.catalogue.isOpenForRegistration(
      state.event,
      state.time,
      new Date(),
      this.config.registrationClosesMinutesBefore,
    );
    const decision = decidePayment(
      state,
      history,
      fact.payment,
      seats,
      this.priceOf(state, history, fact.payment.sessionId),
      open,
    );
    if (decision.outcome === 'ignore') {
      this.logger.log(`Payment for ${state.id} changes nothing: ${decision.why}`);
      return 'unchanged';
    }
    if (decision.outcome === 'confirm') {
      await this.store.append(tx, loaded, decision.events, metadata);
      return 'confirmed';
    }

    // No seat for this money: the refund is decided and queued here, under the lock, and sent
    // to the provider by the RefundWorker after COMMIT, never while the slot is locked.
    const recorded = await this.store.append(tx, loaded, decision.events, metadata);
    await this.refunds.queue(tx, recorded);
    this.logger.warn(`Payment for ${state.id} to be refunded: ${decision.reason}`);
    return 'refund-requested';
  }
}
