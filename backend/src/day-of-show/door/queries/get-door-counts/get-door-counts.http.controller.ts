import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DoorCountsResponseDto } from './door-counts.response.dto';
import { GetDoorCountsQuery } from './get-door-counts.query';
import { OperatorQuery } from '../../../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller()
export class GetDoorCountsHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/check-ins/counts')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('door', {
    operationId: 'getDoorCounts',
    summary: 'Checked in and no-shows per slot',
    description:
      "For the Tour page: each slot's paid or confirmed seats, how many are checked in and how many were marked no-shows.",
    ok: DoorCountsResponseDto,
  })
  counts(): Promise<DoorCountsResponseDto> {
    return this.queryBus.execute(new GetDoorCountsQuery());
  }
}
