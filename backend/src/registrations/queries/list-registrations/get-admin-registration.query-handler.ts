import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { RegistrationNotFoundError } from '../../domain/registration-errors';
import type { AdminRegistrationDto } from './admin-registration.response.dto';
import { selectAdminRegistration } from './admin-registration-rows';
import { GetAdminRegistrationQuery } from './get-admin-registration.query';

@QueryHandler(GetAdminRegistrationQuery)
export class GetAdminRegistrationQueryHandler implements IQueryHandler<GetAdminRegistrationQuery> {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async execute({ registrationId }: GetAdminRegistrationQuery): Promise<AdminRegistrationDto> {
    const registration = await selectAdminRegistration(this.dataSource, registrationId);
    if (!registration) throw new RegistrationNotFoundError();
    return registration;
  }
}
