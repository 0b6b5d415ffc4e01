import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { SEATED_STATUSES } from '../../domain/door-decisions';
import { shortIdOf } from '../../../../registrations/domain/registration-id';
import type { CheckInResponseDto } from './check-in.response.dto';
import { GetCheckInQuery } from './get-check-in.query';

@QueryHandler(GetCheckInQuery)
export class GetCheckInQueryHandler implements IQueryHandler<GetCheckInQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ registrationId }: GetCheckInQuery): Promise<CheckInResponseDto> {
    // The seat: the person's place among the slot's seated, in (created_at, id) order.
    const [row]: {
      id: string;
      name: string | null;
      event: string;
      time: string;
      checked_in_at: Date | null;
      checked_in_by: string | null;
      seat: string;
    }[] = await this.dataSource.query(
      `SELECT r.id, r.name, r.event, r.time, r.checked_in_at, r.checked_in_by,
              (SELECT count(*) FROM registration_view s
                WHERE s.event = r.event AND s.time = r.time AND s.status = ANY($2::text[])
                  AND (s.created_at, s.id) <= (r.created_at, r.id)) AS seat
         FROM registration_view r WHERE r.id = $1`,
      [registrationId, SEATED_STATUSES],
    );
    if (!row || row.checked_in_at === null) throw new RegistrationNotFoundError();
    return {
      registrationId: row.id,
      shortId: shortIdOf(row.id),
      name: row.name ?? '',
      event: row.event,
      time: row.time,
      seat: Number(row.seat),
      checkedInAt: new Date(row.checked_in_at).toISOString(),
      checkedInBy: row.checked_in_by,
    };
  }
}
