import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { ParameterRule } from '../../../common/parameter-rule';
import { FollowsParameterRule, WholeNumberParameter } from '../../../common/validation';
import { EVENT_SLUG } from '../../domain/tour-rules';

export const TOUR_HISTORY_MAX_LIMIT = 200;

/** A position of the event log, as a history page's `next` gives it: a bigint, written out. */
const LOG_POSITION: ParameterRule = {
  maxLength: 18,
  pattern: /^[1-9]\d*$/,
  shape: 'a position of the log (a `next`)',
};

export class TourHistoryRequestDto {
  @ApiPropertyOptional({ description: "One event's history (its slug); the whole tour's without." })
  @IsOptional()
  @FollowsParameterRule(EVENT_SLUG)
  event?: string;

  @ApiPropertyOptional({
    type: 'integer',
    default: 50,
    minimum: 1,
    maximum: TOUR_HISTORY_MAX_LIMIT,
  })
  @IsOptional()
  @WholeNumberParameter()
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be from 1 to ${TOUR_HISTORY_MAX_LIMIT}` })
  @Max(TOUR_HISTORY_MAX_LIMIT, { message: `limit must be from 1 to ${TOUR_HISTORY_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The entries older than this position (a `next`).' })
  @IsOptional()
  @FollowsParameterRule(LOG_POSITION)
  before?: string;
}
