import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { INSTANT_PATTERN, LONGEST_INSTANT, MOST_SEATS } from '../../domain/tour-rules';

// The fields' shapes are checked here; what their values must be and their bounds are the
// domain's, checked when decided.

export class EditSlotRequestDto {
  @ApiPropertyOptional({
    type: 'integer',
    example: 24,
    minimum: 1,
    maximum: MOST_SEATS,
    description: 'Not below the seats taken (409). Raising it may free seats for the waiting list.',
  })
  @IsOptional()
  @IsInt({ message: 'capacity must be a whole number of seats' })
  capacity?: number;

  @ApiPropertyOptional({
    example: '2026-03-12T20:00:00+02:00',
    format: 'date-time',
    pattern: INSTANT_PATTERN.source,
    maxLength: LONGEST_INSTANT,
    description: 'A new start; the slot keeps its name, which registrations reference.',
  })
  @IsOptional()
  @IsString({ message: 'startsAt must be an instant with its offset' })
  startsAt?: string;
}
