import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CapacityCache } from '../seat-ledger/capacity-cache';
import { CapacityChangeListener } from '../seat-ledger/capacity-change-listener';
import { LiveTour } from './live-tour';
import { readTour } from './projections/tour-read-model-fold';

export const TOUR_CHANNEL = 'tour_changed';

/**
 * Keeps this process's LiveTour equal to the tour read model: reloaded when this process
 * changed the tour (before it answers), and on NOTIFY tour_changed from any process, heard on
 * the process's one listening connection. The capacity answer is dropped with it: a slot
 * closed or moved changes it without touching slot_capacity.
 */
@Injectable()
export class LiveTourSync implements OnModuleInit {
  private readonly logger = new Logger('Tour');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
    private readonly listener: CapacityChangeListener,
    private readonly cache: CapacityCache,
  ) {}

  onModuleInit(): void {
    this.listener.subscribe(TOUR_CHANNEL, () => {
      this.reload().catch((error: unknown) =>
        this.logger.warn(`The tour could not be reloaded: ${(error as Error).message}`),
      );
    });
  }

  async reload(): Promise<void> {
    const read = await readTour(this.dataSource);
    // Reloads may finish out of order: an older tour never replaces a newer one.
    if (read && read.version >= this.catalogue.version) {
      this.catalogue.replace(read.tour, read.version);
    }
    this.cache.invalidate();
  }
}
