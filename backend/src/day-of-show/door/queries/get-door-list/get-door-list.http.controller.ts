import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { DoorListResponseDto } from './door-list.response.dto';
import { GetDoorListQuery } from './get-door-list.query';

@ApiTags('admin')
@Controller()
export class GetDoorListHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/tour/events/:slug/slots/:time/door')
  @Header('Cache-Control', 'no-store')
  @AdminOnly('door')
  @ApiOperation({
    operationId: 'getDoorList',
    summary: "A slot's door list",
    description:
      'The seated people by name in seat order with where each stands at the door, the waiting list, the registrations whose tickets are refused, and the keys that verify tickets: what a door device keeps to work offline. No email, phone or dream. `time` is the URL-encoded slot name.',
  })
  @ApiOkResponse({ type: DoorListResponseDto })
  @ApiNotFoundResponse({ type: ApiErrorDto, description: 'No such event or slot.' })
  list(@Param('slug') slug: string, @Param('time') time: string): Promise<DoorListResponseDto> {
    return this.queryBus.execute(new GetDoorListQuery(slug, time));
  }
}
