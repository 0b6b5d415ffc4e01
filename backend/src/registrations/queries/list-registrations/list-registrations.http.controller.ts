import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../admin/admin-only.decorator';
import { AdminRegistrationDto } from './admin-registration.response.dto';
import { ListRegistrationsQuery } from './list-registrations.query';

@ApiTags('admin')
@Controller()
export class ListRegistrationsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Every registration, newest first (operator only)' })
  @ApiOkResponse({ type: [AdminRegistrationDto] })
  list(): Promise<AdminRegistrationDto[]> {
    return this.queryBus.execute(new ListRegistrationsQuery());
  }
}
