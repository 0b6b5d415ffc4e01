import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { FollowsParameterRule, PageLimit, WholeNumberParameter } from '../../../common/validation';
import { OPERATOR_ID } from '../../../auth/operator-ids';
import { EVENT_SLUG, SLOT_NAME } from '../../../tour/domain/tour-rules';
import { LOG_EVENT_TYPES } from './log-event-types';

export const EVENT_FEED_MAX_LIMIT = 1000;
export const EVENT_FEED_ORDERS = ['oldest', 'newest'] as const;
export type EventFeedOrder = (typeof EVENT_FEED_ORDERS)[number];

export class EventFeedRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    description:
      'Answer the events after this global position (0: from the start); `order` oldest only.',
    default: 0,
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
  })
  @IsOptional()
  @WholeNumberParameter()
  @IsInt({ message: 'after must be a whole number' })
  @Min(0, { message: 'after must be 0 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'after must be a position of the log' })
  after?: number;

  @ApiPropertyOptional({
    type: 'integer',
    description:
      'With `order` newest: answer the events before this global position (the nextBefore of the previous page); none for the newest page.',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
  })
  @IsOptional()
  @WholeNumberParameter()
  @IsInt({ message: 'before must be a whole number' })
  @Min(1, { message: 'before must be 1 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'before must be a position of the log' })
  before?: number;

  @ApiPropertyOptional({
    enum: EVENT_FEED_ORDERS,
    default: 'oldest',
    description:
      'oldest: in global order from `after` (for audit consumers that read on); newest: newest first from `before`, a page at a time (the activity page).',
  })
  @IsOptional()
  @IsIn(EVENT_FEED_ORDERS, { message: `order must be one of: ${EVENT_FEED_ORDERS.join(', ')}` })
  order?: EventFeedOrder;

  @ApiPropertyOptional({
    example: 'owner',
    description:
      'Only the events this operator caused: their id, `owner` for the password login (as operatorId reads).',
  })
  @IsOptional()
  @FollowsParameterRule(OPERATOR_ID)
  operator?: string;

  @ApiPropertyOptional({
    enum: LOG_EVENT_TYPES,
    description: 'Only the events of this kind.',
  })
  @IsOptional()
  @IsIn(LOG_EVENT_TYPES, { message: 'type must be a kind of event the log holds' })
  type?: string;

  @ApiPropertyOptional({
    example: 'bucharest',
    description:
      "Only the events of this tour event: its registrations' (as they are now) and its own facts.",
  })
  @IsOptional()
  @FollowsParameterRule(EVENT_SLUG)
  event?: string;

  @ApiPropertyOptional({
    example: 'Oct 30 - 7:30pm',
    description: "With `event`: only that slot's registrations' events and the slot's own facts.",
  })
  @IsOptional()
  @FollowsParameterRule(SLOT_NAME)
  time?: string;

  @PageLimit({ max: EVENT_FEED_MAX_LIMIT, fallback: 100 })
  limit?: number;
}
