import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { LiveTour } from '../../../tour/live-tour';
import { freeSeats } from '../../domain/registration';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { CapacityCache } from '../../../seat-ledger/capacity-cache';
import { readSeatCounts } from '../../../seat-ledger/slot-seats';
import { GetCapacityQuery, type CapacityAnswer, type CapacityByEvent } from './get-capacity.query';

@QueryHandler(GetCapacityQuery)
export class GetCapacityQueryHandler implements IQueryHandler<GetCapacityQuery> {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
    private readonly cache: CapacityCache<CapacityAnswer>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** From memory while fresh (see CapacityCache), otherwise from slot_capacity. */
  execute(): Promise<CapacityAnswer> {
    return this.cache.get(async () => {
      const capacity = await this.read();
      const json = JSON.stringify(capacity);
      // A strong validator of the bytes sent: a poll that holds them gets a 304.
      const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
      return { capacity, json, etag };
    });
  }

  /** The open events' slots, in catalogue order; completed events are history, not capacity. */
  private async read(): Promise<CapacityByEvent> {
    const rows = await readSeatCounts(this.dataSource);
    const byKey = new Map(rows.map((row) => [`${row.event}\u0000${row.time}`, row]));
    const now = new Date();
    const answer: CapacityByEvent = {};
    for (const event of this.catalogue.events()) {
      if (event.status !== 'open') continue;
      answer[event.slug] = {};
      for (const slot of event.slots) {
        const row = byKey.get(`${event.slug}\u0000${slot.time}`);
        // slot_capacity holds every slot of the tour (synced at boot) with its seats.
        const seats = { seatLimit: row?.seat_limit ?? 0, seatsTaken: row?.seats_taken ?? 0 };
        answer[event.slug][slot.time] = {
          available: freeSeats(seats),
          registered: seats.seatsTaken,
          waitingList: row?.waiting_list ?? 0,
          limit: seats.seatLimit,
          // Closed once registration for it has ended, whatever the tour's status says.
          status: this.catalogue.isOpenForRegistration(
            event.slug,
            slot.time,
            now,
            this.config.registrationClosesMinutesBefore,
          )
            ? 'open'
            : 'closed',
        };
      }
    }
    return answer;
  }
}
