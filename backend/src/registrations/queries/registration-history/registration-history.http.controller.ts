import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { RegistrationHistoryQuery } from './registration-history.query';
import { RegistrationHistoryDto } from './registration-history.response.dto';

@ApiTags('admin')
@Controller()
export class RegistrationHistoryHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/registrations/:id/history')
  @AdminOnly('registrations')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'getRegistrationHistory',
    summary: "A registration's events in order (the audit trail)",
    description:
      'Each with its type, time, actor and payload; after a deletion the facts remain and the personal fields are marked erased.',
  })
  @ApiOkResponse({ type: RegistrationHistoryDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No registration ever had this id.' })
  history(@Param('id') id: string): Promise<RegistrationHistoryDto> {
    return this.queryBus.execute(new RegistrationHistoryQuery(id));
  }
}
