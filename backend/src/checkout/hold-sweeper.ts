import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { EventMetadata } from '../event-store/event-store.types';
import { PaymentGateway } from '../payments/payment-gateway';
import { OneAtATime, PollingWorker } from '../common/polling-worker';
import {
  CAPACITY_CHANNEL,
  CapacityChangeListener,
  NOTIFIED_REST_MS,
} from '../seat-ledger/capacity-change-listener';
import { PaymentRecorder, type RecordOutcome } from './payment-recorder';
import { paymentLedger } from './payment-ledger';
import {
  earliestHoldExpiry,
  holdsExpiredBefore,
  moveSeatsExpiredBefore,
} from '../registrations/queries/registration-reads';

/** The fallback pass; the sweeper also wakes at the next hold's or offer's deadline. */
const SWEEP_INTERVAL_MS = 60_000;
/** How long after a deadline (and its grace) the sweeper wakes, so that the hold is past it. */
const WAKE_MARGIN_MS = 1_000;

/** Why a hold is released, as recorded in its CheckoutExpired. */
export interface HoldReleaseCause {
  reason: string;
  actor: 'system' | 'visitor';
  causationId: string;
}

const LAPSED: HoldReleaseCause = {
  reason: 'hold-lapsed',
  actor: 'system',
  causationId: 'hold-sweeper',
};
const BATCH = 100;
/** What the facts found by asking the provider are recorded as coming from. */
const SWEEP_PROVENANCE = { providerEventId: null, providerEventType: 'hold-sweep' };

export interface SweepResult {
  released: number;
  confirmed: number;
  skipped: number;
}

/**
 * Releases seat holds whose checkout lapsed, waiting-list offers not paid in time (the
 * offer lapses, and its seat goes to the next person waiting), and seats held for a move whose
 * difference was not paid in time (the booking stays where it was), even when no webhook says so (a webhook lost, a
 * crash between the hold and the payment page). Before releasing, it asks the provider about
 * the session, so a session that was paid becomes a paid seat instead. Any number of processes
 * may sweep at once: each release takes the slot lock and re-reads the registration, so a hold
 * is released once. It sweeps every minute, and wakes at the next deadline (plus
 * HOLD_GRACE_MINUTES): read after each pass and whenever a capacity change is notified (a new
 * hold or offer, in any process), so a short offer lapses on time.
 */
@Injectable()
export class HoldSweeper extends PollingWorker implements OnModuleInit {
  /** Reads the next deadline again (one reading at a time; a change meanwhile reads again). */
  private readonly planning = new OneAtATime(
    () => this.wakeAtNextDeadline(),
    (error: unknown) =>
      this.logger.warn(
        `Next hold deadline not read: ${error instanceof Error ? error.message : error}`,
      ),
    NOTIFIED_REST_MS,
  );

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly recorder: PaymentRecorder,
    private readonly capacityChanges: CapacityChangeListener,
  ) {
    super('Hold sweep', SWEEP_INTERVAL_MS, config.workers);
  }

  protected async pass(): Promise<void> {
    await this.runOnce();
    await this.wakeAtNextDeadline();
  }

  /** Subscribed before the listener connects, on the process's one listening connection. */
  onModuleInit(): void {
    if (!this.config.workers) return;
    this.capacityChanges.subscribe(CAPACITY_CHANNEL, () => this.planning.run());
  }

  override async onApplicationShutdown(): Promise<void> {
    await super.onApplicationShutdown();
    await this.planning.stop();
  }

  /**
   * When the next hold or offer not yet due becomes due, as of `now`: its deadline plus the
   * grace; null when none is held.
   */
  async nextDeadline(now: Date = new Date()): Promise<Date | null> {
    const graceMs = this.config.holdGraceMinutes * 60_000;
    const next = await earliestHoldExpiry(this.dataSource, new Date(now.getTime() - graceMs));
    return next ? new Date(new Date(next).getTime() + graceMs) : null;
  }

  private async wakeAtNextDeadline(): Promise<void> {
    const next = await this.nextDeadline();
    if (next) this.passes.wakeAt(new Date(next.getTime() + WAKE_MARGIN_MS));
  }

  /** One pass over the lapsed holds, as of `now` (tests pass a time 30 minutes ahead). */
  async runOnce(now: Date = new Date()): Promise<SweepResult> {
    const cutoff = new Date(now.getTime() - this.config.holdGraceMinutes * 60_000);
    const rows = await holdsExpiredBefore(this.dataSource, cutoff, BATCH);
    const result: SweepResult = { released: 0, confirmed: 0, skipped: 0 };
    for (const row of rows) {
      try {
        const outcome = await this.release(row.id, row.checkout_session_id, LAPSED);
        if (outcome === 'released') result.released += 1;
        else if (outcome === 'confirmed') result.confirmed += 1;
        else result.skipped += 1;
      } catch (error) {
        result.skipped += 1;
        this.logger.warn(
          `Hold of ${row.id} left for the next sweep: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    for (const row of await moveSeatsExpiredBefore(this.dataSource, cutoff, BATCH)) {
      try {
        const outcome = await this.releaseMoveSeat(
          row.id,
          row.move_session_id,
          row.move_expires_at,
        );
        if (outcome === 'released') result.released += 1;
        else if (outcome === 'moved') result.confirmed += 1;
        else result.skipped += 1;
      } catch (error) {
        result.skipped += 1;
        this.logger.warn(
          `Seat held for the move of ${row.id} left for the next sweep: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return result;
  }

  /**
   * Gives back the seat held for a move whose difference was not paid in time: its page is
   * closed with the provider first; a payment that landed meanwhile completes the move instead
   * (as the webhook would). The booking stays where it was.
   */
  private async releaseMoveSeat(
    registrationId: string,
    sessionId: string | null,
    expiresAt: Date,
  ): Promise<RecordOutcome> {
    const metadata = { actor: LAPSED.actor, causationId: LAPSED.causationId };
    if (sessionId) {
      const page = await this.closePaymentPage(registrationId, sessionId, metadata);
      if (page.paid) return page.outcome;
    }
    return this.recorder.record(
      { kind: 'move-lapsed', registrationId, sessionId, expiresAt: new Date(expiresAt) },
      SWEEP_PROVENANCE,
      metadata,
    );
  }

  /**
   * Gives a held seat back: the payment page is closed with the provider first, so it cannot be
   * paid after the seat went back; a payment that landed meanwhile makes it a paid seat instead.
   * The sweeper does it for lapsed holds, the visitor's Give back for their own.
   */
  async release(
    registrationId: string,
    sessionId: string | null,
    cause: HoldReleaseCause,
  ): Promise<RecordOutcome> {
    const metadata = { actor: cause.actor, causationId: cause.causationId };
    if (sessionId) {
      const page = await this.closePaymentPage(registrationId, sessionId, metadata);
      if (page.paid) return page.outcome;
    }
    return this.recorder.record(
      { kind: 'checkout-expired', registrationId, sessionId, reason: cause.reason },
      SWEEP_PROVENANCE,
      metadata,
    );
  }

  /**
   * Closes a seat's payment page with the provider, so it can no longer be paid (releasing a
   * hold, cancelling a seat held or offered unpaid). A payment that landed before it closed is
   * recorded as the webhook would (`paid`, with what recording it did).
   */
  async closePaymentPage(
    registrationId: string,
    sessionId: string,
    metadata: EventMetadata,
  ): Promise<{ paid: false } | { paid: true; outcome: RecordOutcome }> {
    let session = await this.gateway.retrieveCheckoutSession(sessionId);
    if (session.status === 'open' && session.paymentStatus !== 'paid') {
      // Close the page first, then look again in case the payment landed in between.
      await this.gateway.expireCheckoutSession(sessionId);
      session = await this.gateway.retrieveCheckoutSession(sessionId);
    }
    if (session.paymentStatus !== 'paid') return { paid: false };
    const outcome = await this.recorder.record(
      {
        kind: 'payment-succeeded',
        registrationId,
        payment: {
          sessionId,
          paymentIntentId: session.paymentIntentId,
          amountMinor: session.amountMinor ?? 0,
          currency: session.currency ?? '',
          providerEventId: null,
          ledger: await paymentLedger(this.gateway, session.paymentIntentId),
        },
      },
      SWEEP_PROVENANCE,
      metadata,
    );
    return { paid: true, outcome };
  }
}
