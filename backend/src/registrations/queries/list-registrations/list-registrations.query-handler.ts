import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { AdminRegistrationDto } from './admin-registration.response.dto';
import { selectAdminRegistrations } from './admin-registration-rows';
import { ListRegistrationsQuery } from './list-registrations.query';

@QueryHandler(ListRegistrationsQuery)
export class ListRegistrationsQueryHandler implements IQueryHandler<ListRegistrationsQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  execute(): Promise<AdminRegistrationDto[]> {
    return selectAdminRegistrations(this.dataSource);
  }
}
