import { Query } from '@nestjs/cqrs';
import type { EventFeedDto } from './event-feed.response.dto';

/** Which events the feed answers, besides where it starts. */
export interface EventFeedFilter {
  /** The operator who caused them (`owner` for the password login). */
  operator?: string;
  /** Their kind. */
  type?: string;
  /** The tour event (and with `time`, the slot) they concern. */
  event?: string;
  time?: string;
}

export type EventFeedPage =
  { order: 'oldest'; after: number } | { order: 'newest'; before: number | undefined };

export class EventFeedQuery extends Query<EventFeedDto> {
  constructor(
    readonly page: EventFeedPage,
    readonly limit: number,
    readonly filter: EventFeedFilter = {},
    /** Whether the reader may see operators' names (the operators permission). */
    readonly namesOperators = false,
  ) {
    super();
  }
}
