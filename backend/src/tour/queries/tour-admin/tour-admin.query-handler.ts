import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { readSeatCounts } from '../../../seat-ledger/slot-seats';
import { readStreamFamilyBackwards } from '../../../event-store/log-queries';
import { LiveTour } from '../../live-tour';
import { eventDetailsOf } from '../../public-events';
import { eventNotFound } from '../../domain/tour-errors';
import { TOUR_STREAM, TOUR_STREAMS, tourEventStreamId } from '../../domain/tour';
import type {
  TourAdminDto,
  TourEventAdminDto,
  TourHistoryDto,
  TourHistoryEntryDto,
} from './tour-admin.response.dto';
import type { TourHistoryRequestDto } from './tour-history.request.dto';
import { actorNames, actorOperatorId } from '../../../auth/operator-view';

/**
 * The Command Center's view of the tour: the tour as this process's catalogue holds it (read
 * from the tour's read model, and read again before a change here answers and on every other
 * process's NOTIFY), with each slot's seats and waiting list from slot_capacity.
 */
@Injectable()
export class TourAdminQueryHandler {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: LiveTour,
  ) {}

  async tour(): Promise<TourAdminDto> {
    return { currency: this.catalogue.tour.currency, events: await this.events() };
  }

  async event(slug: string): Promise<TourEventAdminDto> {
    const [event] = await this.events(slug);
    if (!event) throw eventNotFound(slug);
    return event;
  }

  private async events(slug?: string): Promise<TourEventAdminDto[]> {
    const events = this.catalogue.tour.events.filter(
      (event) => slug === undefined || event.slug === slug,
    );
    // Each slot's seats and waiting list, as the seat ledger counts them.
    const counts = await readSeatCounts(this.dataSource, slug);
    const count = new Map(counts.map((row) => [`${row.event}\n${row.time}`, row]));
    return events.map((event) => ({
      ...eventDetailsOf(event),
      automaticOffers: event.automaticOffers,
      slots: event.slots.map((slot) => {
        const seats = count.get(`${event.slug}\n${slot.time}`);
        return {
          time: slot.time,
          startsAt: slot.startsAt,
          status: slot.status,
          capacity: slot.capacity,
          seatsTaken: seats?.seats_taken ?? 0,
          waiting: seats?.waiting_list ?? 0,
        };
      }),
    }));
  }

  /** The tour's own facts, newest first, a page at a time. */
  async history({ event, limit = 50, before }: TourHistoryRequestDto): Promise<TourHistoryDto> {
    const rows = await readStreamFamilyBackwards(this.dataSource, TOUR_STREAMS, {
      streamId: event ? tourEventStreamId(event) : undefined,
      before,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const names = await actorNames(
      this.dataSource,
      page.flatMap((row) => actorOperatorId(row.metadata) ?? []),
    );
    const entries = page.map((row): TourHistoryEntryDto => {
      const { slug, ...details } = row.data;
      const metadata: { actor?: string; cause?: string } = row.metadata;
      const operatorId = actorOperatorId(row.metadata);
      return {
        position: String(row.globalPosition),
        event: row.streamId === TOUR_STREAM ? '' : String(slug),
        type: row.type,
        at: new Date(row.recordedAt).toISOString(),
        actor: metadata.cause === 'import' ? 'import' : (metadata.actor ?? 'system'),
        ...(operatorId ? { operatorId, actorName: names.get(operatorId) ?? operatorId } : {}),
        details,
      };
    });
    return {
      entries,
      next: rows.length > limit ? entries[entries.length - 1].position : null,
    };
  }
}
