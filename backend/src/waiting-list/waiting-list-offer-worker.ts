import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LiveTour } from '../tour/live-tour';
import { PollingWorker } from '../common/polling-worker';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { firstPositions } from '../event-store/log-queries';
import { slotsWithWaitingAndFreeSeats } from '../seat-ledger/slot-seats';
import { freeSeats } from '../registrations/domain/registration';
import { registrationStreamId } from '../registrations/domain/registration-events';
import { offerExpiry, offerFreeSeats } from '../registrations/domain/waiting-list-offers';
import {
  CAPACITY_CHANNEL,
  CapacityChangeListener,
  NOTIFIED_REST_MS,
} from '../seat-ledger/capacity-change-listener';
import { RegistrationStore } from '../registrations/registration-store';
import { waitingIdsOfSlot } from '../registrations/queries/registration-reads';

const PASS_INTERVAL_MS = 60_000;

export interface OfferRunResult {
  offered: number;
}

/**
 * Offers freed seats to the waiting list. A pass looks for slots with a seat free and someone
 * waiting (whatever freed the seat: a cancellation, a lapsed hold or offer, a refund, a raised
 * capacity), and in each that still takes registrations and whose event offers automatically
 * (`automaticOffers` not false), takes the slot's lock, reads its seats and offers each free
 * one to the next person waiting, in arrival order (WaitingListOfferMade, and their email). Any
 * number of processes may run it: under the slot's lock the second finds no seat left to offer.
 * It runs every minute and whenever a capacity change is notified (any process, any cause).
 */
@Injectable()
export class WaitingListOfferWorker extends PollingWorker implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: LiveTour,
    private readonly store: RegistrationStore,
    private readonly capacityChanges: CapacityChangeListener,
  ) {
    super('Waiting-list offer pass', PASS_INTERVAL_MS, config.workers, NOTIFIED_REST_MS);
  }

  protected pass(): Promise<unknown> {
    return this.runOnce();
  }

  /** Subscribed before the listener connects, on the process's one listening connection. */
  onModuleInit(): void {
    if (!this.config.workers) return;
    this.capacityChanges.subscribe(CAPACITY_CHANNEL, () => this.passes.nudge());
  }

  /** One pass over the slots with a seat to offer, as of `now`. */
  async runOnce(now: Date = new Date()): Promise<OfferRunResult> {
    // Only a shortlist: whether a seat is free is decided again under each slot's lock.
    const slots = await slotsWithWaitingAndFreeSeats(this.dataSource);
    const result: OfferRunResult = { offered: 0 };
    for (const { event, time } of slots) {
      try {
        result.offered += await this.offerIn(event, time, now);
      } catch (error) {
        this.logger.warn(
          `Offers in ${event} ${time} left for the next pass: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return result;
  }

  private async offerIn(event: string, time: string, now: Date): Promise<number> {
    const found = this.catalogue.findSlot(event, time);
    if (!found || found.event.status !== 'open' || found.event.automaticOffers === false) return 0;
    const closesMinutes = this.config.registrationClosesMinutesBefore;
    if (!this.catalogue.isOpenForRegistration(event, time, now, closesMinutes)) return 0;
    const startsAt = new Date(found.slot.startsAt);
    const expiresAt = offerExpiry(
      now,
      this.config.waitingListOfferMinutes,
      new Date(startsAt.getTime() - closesMinutes * 60_000),
    );
    if (!expiresAt) return 0;
    const offered = await this.store.transaction(async (tx) => {
      const seats = await tx.lockSlot(event, time);
      // The slot's waiting list in arrival order (its registrations' first events), as many as
      // there are free seats.
      const listed = await waitingIdsOfSlot(tx.manager, event, time);
      const arrived = await firstPositions(
        tx.manager,
        listed.map(({ id }) => registrationStreamId(id)),
      );
      const arrival = (id: string) => arrived.get(registrationStreamId(id)) ?? Infinity;
      const waiting = listed
        .sort((a, b) => arrival(a.id) - arrival(b.id))
        .slice(0, freeSeats(seats));
      if (waiting.length === 0) return 0;
      const loaded = await Promise.all(waiting.map(({ id }) => this.store.load(tx, id)));
      const offers = offerFreeSeats(
        seats,
        loaded.map((registration) => registration.state),
        expiresAt,
      );
      const appends = loaded
        .filter((registration) => offers.has(registration.registrationId))
        .map((registration) => ({
          from: registration,
          events: offers.get(registration.registrationId) ?? [],
          metadata: { actor: 'system' as const, causationId: 'waiting-list-offers' },
        }));
      const recorded = await this.store.appendAll(tx, appends);
      const made = recorded.flat();
      if (made.length === 0) return 0;
      return made.length;
    });
    if (offered > 0)
      this.logger.log(`${offered} seat(s) offered to the waiting list of ${event} ${time}`);
    return offered;
  }
}
