import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { doorCountsBySlot } from '../../../../registrations/queries/registration-reads';
import type { DoorCountsResponseDto } from './door-counts.response.dto';
import { GetDoorCountsQuery } from './get-door-counts.query';

/** Each slot's seated, checked in and no-shows, for the Tour page (doorState's words counted). */
@QueryHandler(GetDoorCountsQuery)
export class GetDoorCountsQueryHandler implements IQueryHandler<GetDoorCountsQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute(): Promise<DoorCountsResponseDto> {
    const rows = await doorCountsBySlot(this.dataSource);
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
