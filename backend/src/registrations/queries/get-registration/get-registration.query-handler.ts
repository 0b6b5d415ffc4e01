import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { mayShareDreams, type RegistrationStatus } from '../../domain/registration';
import { RegistrationNotFoundError } from '../../domain/registration-errors';
import { assertRegistrationId } from '../../domain/registration-id';
import { GetRegistrationQuery } from './get-registration.query';
import type { RegistrationDto } from './registration.response.dto';

@QueryHandler(GetRegistrationQuery)
export class GetRegistrationQueryHandler implements IQueryHandler<GetRegistrationQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ registrationId }: GetRegistrationQuery): Promise<RegistrationDto> {
    assertRegistrationId(registrationId);
    const rows: {
      name: string;
      email: string;
      event: string;
      time: string;
      waiting_list: boolean;
      status: RegistrationStatus;
    }[] = await this.dataSource.query(
      `SELECT name, email, event, time, waiting_list, status FROM registration_view WHERE id = $1`,
      [registrationId],
    );
    const row = rows[0];
    if (!row) throw new RegistrationNotFoundError();
    return {
      name: row.name,
      email: row.email,
      event: row.event,
      time: row.time,
      waitingList: row.waiting_list,
      status: row.status,
      sharesDreams: mayShareDreams(row.status),
    };
  }
}
