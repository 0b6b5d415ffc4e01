import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminRegistrationDto } from './admin-registration.response.dto';
import { UNPAGED_LIST_LIMIT } from './admin-registration-rows';
import { ListRegistrationsQuery } from './list-registrations.query';
import { OperatorQuery } from '../../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller()
export class ListRegistrationsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'listRegistrations',
    summary: `The newest registrations, at most ${UNPAGED_LIST_LIMIT} (operator only)`,
    description:
      'Bounded: the Command Center pages, searches and filters with GET /api/admin/registrations.',
    ok: [AdminRegistrationDto],
  })
  list(): Promise<AdminRegistrationDto[]> {
    return this.queryBus.execute(new ListRegistrationsQuery());
  }
}
