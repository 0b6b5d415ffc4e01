import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { AdminRegistrationDto } from './admin-registration.response.dto';
import { UNPAGED_LIST_LIMIT } from './admin-registration-rows';
import { ListRegistrationsQuery } from './list-registrations.query';

@ApiTags('admin')
@Controller()
export class ListRegistrationsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations')
  @AdminOnly('registrations')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listRegistrations',
    summary: `The newest registrations, at most ${UNPAGED_LIST_LIMIT} (operator only)`,
    description:
      'Bounded: the Command Center pages, searches and filters with GET /api/admin/registrations.',
  })
  @ApiOkResponse({ type: [AdminRegistrationDto] })
  list(): Promise<AdminRegistrationDto[]> {
    return this.queryBus.execute(new ListRegistrationsQuery());
  }
}
