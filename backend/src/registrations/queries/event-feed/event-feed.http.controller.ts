import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { EventFeedQuery } from './event-feed.query';
import { EventFeedRequestDto } from './event-feed.request.dto';
import { EventFeedDto } from './event-feed.response.dto';
import { OperatorQuery } from '../../../auth/admin-only.decorator';

@ApiTags('admin')
@Controller()
export class EventFeedHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/events')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'listLogEvents',
    summary: 'The global event feed, paged by position (for audit consumers)',
    description: 'Pass the answered lastPosition as `after` to read on.',
    ok: EventFeedDto,
  })
  feed(@Query() query: EventFeedRequestDto): Promise<EventFeedDto> {
    return this.queryBus.execute(new EventFeedQuery(query.after ?? 0, query.limit ?? 100));
  }
}
