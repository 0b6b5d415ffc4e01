import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { WholeNumberParameter } from '../../../common/validation';

export const EVENT_FEED_MAX_LIMIT = 1000;

export class EventFeedRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'Answer the events after this global position (0: from the start).',
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

  @ApiPropertyOptional({ type: 'integer', default: 100, minimum: 1, maximum: EVENT_FEED_MAX_LIMIT })
  @IsOptional()
  @WholeNumberParameter()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be from 1 to ${EVENT_FEED_MAX_LIMIT}` })
  @Max(EVENT_FEED_MAX_LIMIT, { message: `limit must be from 1 to ${EVENT_FEED_MAX_LIMIT}` })
  limit?: number;
}
