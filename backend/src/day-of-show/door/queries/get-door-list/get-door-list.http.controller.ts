import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DoorListResponseDto } from './door-list.response.dto';
import { GetDoorListQuery } from './get-door-list.query';
import { OperatorQuery } from '../../../../auth/admin-only.decorator';
import { DoorSlotNotFound } from '../../domain/door-errors';

@ApiTags('admin')
@Controller()
export class GetDoorListHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/tour/events/:slug/slots/:time/door')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('door', {
    operationId: 'getDoorList',
    summary: "A slot's door list",
    description:
      'The seated people by name in seat order with where each stands at the door, the waiting list, the registrations whose tickets are refused, and the keys that verify tickets: what a door device keeps to work offline. No email, phone or dream. `time` is the URL-encoded slot name.',
    ok: DoorListResponseDto,
    refusals: [DoorSlotNotFound],
  })
  list(@Param('slug') slug: string, @Param('time') time: string): Promise<DoorListResponseDto> {
    return this.queryBus.execute(new GetDoorListQuery(slug, time));
  }
}
