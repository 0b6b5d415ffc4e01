import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { inSeatOrder, seatNumberOf } from '../../../../registrations/queries/seat-order';
import { shortIdOf } from '../../../../registrations/domain/registration-id';
import { checkInByOf, operatorNamesOf } from '../door-rows';
import type { CheckInResponseDto } from './check-in.response.dto';
import { GetCheckInQuery } from './get-check-in.query';

@QueryHandler(GetCheckInQuery)
export class GetCheckInQueryHandler implements IQueryHandler<GetCheckInQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ registrationId }: GetCheckInQuery): Promise<CheckInResponseDto> {
    // The seat: the number recorded when the seat was taken.
    const [row] = await inSeatOrder<{
      id: string;
      door_handle: string;
      name: string | null;
      event: string;
      time: string;
      checked_in_at: Date | null;
      checked_in_by: string | null;
      checked_in_operator: string | null;
    }>(this.dataSource, { registrationId }, [
      'id',
      'door_handle',
      'name',
      'event',
      'time',
      'checked_in_at',
      'checked_in_by',
      'checked_in_operator',
    ]);
    if (!row || row.checked_in_at === null) throw new RegistrationNotFoundError();
    return {
      handle: row.door_handle,
      shortId: shortIdOf(row.id),
      name: row.name ?? '',
      event: row.event,
      time: row.time,
      seat: seatNumberOf(row),
      checkedInAt: new Date(row.checked_in_at).toISOString(),
      ...checkInByOf(row, await operatorNamesOf(this.dataSource, [row])),
    };
  }
}
