import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventNotFound } from '../../domain/tour-errors';
import { TOUR_STREAM, tourEventStreamId } from '../../domain/tour';
import type {
  TourAdminDto,
  TourEventAdminDto,
  TourHistoryDto,
  TourHistoryEntryDto,
} from './tour-admin.response.dto';
import type { TourHistoryRequestDto } from './tour-history.request.dto';

interface EventRow {
  slug: string;
  city: string;
  venue: string;
  localised: TourEventAdminDto['localised'];
  date: string;
  time_zone: string;
  status: TourEventAdminDto['status'];
  price_minor: number;
  automatic_offers: boolean;
}

interface SlotRow {
  event: string;
  time: string;
  starts_at: string;
  status: 'open' | 'closed';
  capacity: number;
  seats_taken: number;
  waiting: number;
}

/** The Command Center's view of the tour, read from the tour's read model and slot_capacity. */
@Injectable()
export class TourAdminQueryHandler {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async tour(): Promise<TourAdminDto> {
    const [head]: { currency: string }[] = await this.dataSource.query(
      'SELECT currency FROM tour_view',
    );
    return { currency: head?.currency ?? '', events: await this.events() };
  }

  async event(slug: string): Promise<TourEventAdminDto> {
    const [event] = await this.events(slug);
    if (!event) throw eventNotFound(slug);
    return event;
  }

  private async events(slug?: string): Promise<TourEventAdminDto[]> {
    const events: EventRow[] = await this.dataSource.query(
      `SELECT slug, city, venue, localised, date, time_zone, status, price_minor, automatic_offers
         FROM tour_event_view WHERE $1::text IS NULL OR slug = $1
        ORDER BY date, announced_position`,
      [slug ?? null],
    );
    const slots: SlotRow[] = await this.dataSource.query(
      `SELECT s.event, s.time, s.starts_at, s.status, s.capacity,
              coalesce(c.seats_taken, 0) AS seats_taken, coalesce(c.waiting_list, 0) AS waiting
         FROM tour_slot_view s
         LEFT JOIN slot_capacity c ON c.event = s.event AND c.time = s.time
        WHERE $1::text IS NULL OR s.event = $1
        ORDER BY s.starts_at::timestamptz, s.added_position`,
      [slug ?? null],
    );
    return events.map((row) => ({
      slug: row.slug,
      city: row.city,
      venue: row.venue,
      localised: row.localised ?? {},
      date: row.date,
      timeZone: row.time_zone,
      status: row.status,
      priceMinor: row.price_minor,
      automaticOffers: row.automatic_offers,
      slots: slots
        .filter((slot) => slot.event === row.slug)
        .map((slot) => ({
          time: slot.time,
          startsAt: slot.starts_at,
          status: slot.status,
          capacity: slot.capacity,
          seatsTaken: slot.seats_taken,
          waiting: slot.waiting,
        })),
    }));
  }

  /** The tour's own facts, newest first, a page at a time. */
  async history({ event, limit = 50, before }: TourHistoryRequestDto): Promise<TourHistoryDto> {
    const rows: {
      global_position: string;
      stream_id: string;
      type: string;
      data: Record<string, unknown>;
      metadata: { actor?: string; cause?: string };
      recorded_at: Date;
    }[] = await this.dataSource.query(
      `SELECT global_position, stream_id, type, data, metadata, recorded_at FROM events
        WHERE (stream_id = 'tour' OR stream_id LIKE 'tour-event-%')
          AND ($1::text IS NULL OR stream_id = $1)
          AND ($2::bigint IS NULL OR global_position < $2)
        ORDER BY global_position DESC
        LIMIT $3`,
      [event ? tourEventStreamId(event) : null, before ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const entries = page.map((row): TourHistoryEntryDto => {
      const { slug, ...details } = row.data;
      return {
        position: String(row.global_position),
        event: row.stream_id === TOUR_STREAM ? '' : String(slug),
        type: row.type,
        at: new Date(row.recorded_at).toISOString(),
        actor: row.metadata.cause === 'import' ? 'import' : (row.metadata.actor ?? 'system'),
        details,
      };
    });
    return {
      entries,
      next: rows.length > limit ? entries[entries.length - 1].position : null,
    };
  }
}
