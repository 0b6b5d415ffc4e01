import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { ParameterRule } from '../../../common/parameter-rule';
import { FollowsParameterRule, PageLimit } from '../../../common/validation';
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

  @PageLimit({ max: TOUR_HISTORY_MAX_LIMIT, fallback: 50 })
  limit?: number;

  @ApiPropertyOptional({ description: 'The entries older than this position (a `next`).' })
  @IsOptional()
  @FollowsParameterRule(LOG_POSITION)
  before?: string;
}
