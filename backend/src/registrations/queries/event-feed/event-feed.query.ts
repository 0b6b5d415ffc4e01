import { Query } from '@nestjs/cqrs';
import type { EventFeedDto } from './event-feed.response.dto';

export class EventFeedQuery extends Query<EventFeedDto> {
  constructor(
    readonly after: number,
    readonly limit: number,
  ) {
    super();
  }
}
