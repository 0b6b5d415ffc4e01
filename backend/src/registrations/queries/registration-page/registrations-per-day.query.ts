import { Query } from '@nestjs/cqrs';
import type { DayCountDto } from './registrations-per-day.response.dto';

/** Registrations made on each of the last `days` calendar days of a time zone. */
export class RegistrationsPerDayQuery extends Query<DayCountDto[]> {
  constructor(
    readonly timeZone: string,
    readonly days = 14,
  ) {
    super();
  }
}
