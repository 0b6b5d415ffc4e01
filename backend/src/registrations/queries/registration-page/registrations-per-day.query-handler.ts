import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { validationException } from '../../../common/validation';
import { TIME_ZONE_MESSAGE } from './registrations-per-day.request.dto';
import { RegistrationsPerDayQuery } from './registrations-per-day.query';
import type { DayCountDto } from './registrations-per-day.response.dto';

/** Counted in PostgreSQL over the list's index, from the first of the days asked for. */
@QueryHandler(RegistrationsPerDayQuery)
export class RegistrationsPerDayQueryHandler implements IQueryHandler<RegistrationsPerDayQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ timeZone, days }: RegistrationsPerDayQuery): Promise<DayCountDto[]> {
    const rows = (await this.dataSource
      .query(
        `SELECT to_char(created_at AT TIME ZONE $1, 'YYYY-MM-DD') AS day, count(*)::int AS count
         FROM registration_view
        WHERE created_at >= (date_trunc('day', now() AT TIME ZONE $1) - make_interval(days => $2))
                            AT TIME ZONE $1
        GROUP BY 1 ORDER BY 1`,
        [timeZone, days - 1],
      )
      .catch((error: unknown) => {
        // A zone the browser knows but this PostgreSQL's tz data does not.
        if ((error as { code?: string }).code === '22023') {
          throw validationException([
            { field: 'timeZone', code: 'bad-format', message: TIME_ZONE_MESSAGE },
          ]);
        }
        throw error;
      })) as DayCountDto[];
    return rows;
  }
}
