import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SEATED_STATUSES } from '../../domain/door-decisions';
import type { DoorCountsResponseDto } from './door-counts.response.dto';
import { GetDoorCountsQuery } from './get-door-counts.query';

/** Each slot's seated, checked in and no-shows, for the Tour page (doorState's words counted). */
@QueryHandler(GetDoorCountsQuery)
export class GetDoorCountsQueryHandler implements IQueryHandler<GetDoorCountsQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute(): Promise<DoorCountsResponseDto> {
    const rows: {
      event: string;
      time: string;
      seated: string;
      checked_in: string;
      no_shows: string;
    }[] = await this.dataSource.query(
      `SELECT event, time, count(*) AS seated,
                count(*) FILTER (WHERE checked_in_at IS NOT NULL) AS checked_in,
                count(*) FILTER (WHERE checked_in_at IS NULL AND no_show) AS no_shows
           FROM registration_view WHERE status = ANY($1::text[])
          GROUP BY event, time ORDER BY event, time`,
      [SEATED_STATUSES],
    );
    return {
      slots: rows.map((row) => ({
        event: row.event,
        time: row.time,
        seated: Number(row.seated),
        checkedIn: Number(row.checked_in),
        noShows: Number(row.no_shows),
      })),
    };
  }
}
