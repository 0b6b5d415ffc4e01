import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RegistrationHistoryQuery } from './registration-history.query';
import { RegistrationHistoryDto } from './registration-history.response.dto';
import { OperatorQuery } from '../../../auth/admin-only.decorator';
import { RegistrationNotFoundError } from '../../domain/registration-errors';

@ApiTags('admin')
@Controller()
export class RegistrationHistoryHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/registrations/:id/history')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'getRegistrationHistory',
    summary: "A registration's events in order (the audit trail)",
    description:
      'Each with its type, time, actor and payload; after a deletion the facts remain and the personal fields are marked erased. 404 when no registration ever had this id.',
    ok: RegistrationHistoryDto,
    refusals: [RegistrationNotFoundError],
  })
  history(@Param('id') id: string): Promise<RegistrationHistoryDto> {
    return this.queryBus.execute(new RegistrationHistoryQuery(id));
  }
}
