import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../../auth/admin-only.decorator';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { EventFeedQuery } from './event-feed.query';
import { EventFeedRequestDto } from './event-feed.request.dto';
import { EventFeedDto } from './event-feed.response.dto';

@ApiTags('admin')
@Controller()
export class EventFeedHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/events')
  @AdminOnly('registrations')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'listLogEvents',
    summary: 'The global event feed, paged by position (for audit consumers)',
    description: 'Pass the answered lastPosition as `after` to read on.',
  })
  @ApiOkResponse({ type: EventFeedDto })
  @ApiBadRequestResponse({ type: ApiErrorDto })
  feed(@Query() query: EventFeedRequestDto): Promise<EventFeedDto> {
    return this.queryBus.execute(new EventFeedQuery(query.after ?? 0, query.limit ?? 100));
  }
}
