import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageLimit, WholeNumberParameter } from '../../../common/validation';

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

  @PageLimit({ max: EVENT_FEED_MAX_LIMIT, fallback: 100 })
  limit?: number;
}
