import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

export const TOUR_HISTORY_MAX_LIMIT = 200;

export class TourHistoryRequestDto {
  @ApiPropertyOptional({ description: "One event's history (its slug); the whole tour's without." })
  @IsOptional()
  @IsString({ message: 'event must be an event slug' })
  @Matches(/^[a-z][a-z0-9-]{0,59}$/, { message: 'event must be an event slug' })
  event?: string;

  @ApiPropertyOptional({
    type: 'integer',
    default: 50,
    minimum: 1,
    maximum: TOUR_HISTORY_MAX_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be from 1 to ${TOUR_HISTORY_MAX_LIMIT}` })
  @Max(TOUR_HISTORY_MAX_LIMIT, { message: `limit must be from 1 to ${TOUR_HISTORY_MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({ description: 'The entries older than this position (a `next`).' })
  @IsOptional()
  @IsString({ message: 'before must be a position of the log' })
  @Matches(/^[1-9]\d{0,17}$/, { message: 'before must be a position of the log' })
  before?: string;
}
