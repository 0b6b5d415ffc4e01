import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../config/app-config.token';
import type { AppConfig } from '../../config/config';
import { PaymentGateway } from '../../payments/payment-gateway';
import { PollingPass } from '../../common/polling-pass';
import { PaymentRecorder, type RecordOutcome } from './payment-recorder';

const SWEEP_INTERVAL_MS = 60_000;

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

export interface SweepResult {
  released: number;
  confirmed: number;
  skipped: number;
}

/**
 * Releases seat holds whose checkout lapsed, and waiting-list offers not paid in time (the
 * offer lapses, and its seat goes to the next person waiting), even when no webhook says so (a webhook lost, a
 * crash between the hold and the payment page). Before releasing, it asks the provider about
 * the session, so a session that was paid becomes a paid seat instead. Any number of processes
 * may sweep at once: each release takes the slot lock and re-reads the registration, so a hold
 * is released once.
 */
@Injectable()
export class HoldSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(HoldSweeper.name);
  private readonly passes = new PollingPass(() => this.runOnce(), {
    intervalMs: SWEEP_INTERVAL_MS,
    logger: this.logger,
    what: 'Hold sweep',
  });

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: PaymentGateway,
    private readonly recorder: PaymentRecorder,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.workers) return;
    this.passes.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.passes.stop();
  }

  /** One pass over the lapsed holds, as of `now` (tests pass a time 30 minutes ahead). */
  async runOnce(now: Date = new Date()): Promise<SweepResult> {
    const cutoff = new Date(now.getTime() - this.config.holdGraceMinutes * 60_000);
    const rows: { id: string; checkout_session_id: string | null }[] = await this.dataSource.query(
      `SELECT id, checkout_session_id FROM registration_view
        WHERE status IN ('held', 'offered') AND hold_expires_at < $1
        ORDER BY hold_expires_at LIMIT ${BATCH}`,
      [cutoff],
    );
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
    return result;
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
    const provenance = { providerEventId: null, providerEventType: 'hold-sweep' };
    if (sessionId) {
      let session = await this.gateway.retrieveCheckoutSession(sessionId);
      if (session.status === 'open' && session.paymentStatus !== 'paid') {
        // Close the page first, so it cannot be paid after the seat went back; then look again
        // in case the payment landed in between.
        await this.gateway.expireCheckoutSession(sessionId);
        session = await this.gateway.retrieveCheckoutSession(sessionId);
      }
      if (session.paymentStatus === 'paid') {
        return this.recorder.record(
          {
            kind: 'payment-succeeded',
            registrationId,
            payment: {
              sessionId,
              paymentIntentId: session.paymentIntentId,
              amountMinor: session.amountMinor ?? 0,
              currency: session.currency ?? '',
              providerEventId: null,
            },
          },
          provenance,
          metadata,
        );
      }
    }
    return this.recorder.record(
      { kind: 'checkout-expired', registrationId, sessionId, reason: cause.reason },
      provenance,
      metadata,
    );
  }
}
