import { Controller, Get, Header, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { EventFeedQuery } from './event-feed.query';
import { EventFeedRequestDto } from './event-feed.request.dto';
import { EventFeedDto } from './event-feed.response.dto';
import { CurrentOperator, OperatorQuery } from '../../../auth/admin-only.decorator';
import { roleAllows } from '../../../auth/permissions';
import type { SessionOperator } from '../../../auth/admin-sessions';
import { fieldException } from '../../../common/validation';

@ApiTags('admin')
@Controller()
export class EventFeedHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/admin/events')
  @Header('Cache-Control', 'no-store')
  @OperatorQuery('registrations', {
    operationId: 'listLogEvents',
    summary: 'The global event feed, paged by position, filtered by operator, kind and slot',
    description:
      "In global order, pass the answered lastPosition as `after` to read on (audit consumers); with `order=newest`, newest first, pass the answered nextBefore as `before` for the older page (the activity page). Filters: `operator`, `type`, `event` and `time`. Each entry names the registration it concerns (`subjectName`, `event`, `time`) and the operator an operator's fact concerns (`subjectName` for a reader holding the operators permission, else only `subjectNumber`).",
    ok: EventFeedDto,
  })
  feed(
    @Query() query: EventFeedRequestDto,
    @CurrentOperator() operator: SessionOperator,
  ): Promise<EventFeedDto> {
    const order = query.order ?? 'oldest';
    if (order === 'newest' && query.after !== undefined) {
      throw fieldException('after', {
        code: 'not-allowed',
        message: 'after reads on in order oldest; with order newest, pass before',
      });
    }
    if (order === 'oldest' && query.before !== undefined) {
      throw fieldException('before', {
        code: 'not-allowed',
        message: 'before pages back in order newest; in order oldest, pass after',
      });
    }
    if (query.time !== undefined && query.event === undefined) {
      throw fieldException('time', {
        code: 'not-allowed',
        message: 'time names a slot of an event: pass event too',
      });
    }
    return this.queryBus.execute(
      new EventFeedQuery(
        order === 'newest' ? { order, before: query.before } : { order, after: query.after ?? 0 },
        query.limit ?? 100,
        { operator: query.operator, type: query.type, event: query.event, time: query.time },
        roleAllows(operator.role, ['operators']),
      ),
    );
  }
}
