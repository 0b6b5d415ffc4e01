import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString } from 'class-validator';
import {
  INSTANT_PATTERN,
  LONGEST_INSTANT,
  LONGEST_SLUG,
  MOST_SEATS,
} from '../../domain/tour-rules';

// The fields' shapes are checked here; what their values must be and their bounds are the
// domain's, checked when decided.

export class AddSlotRequestDto {
  @ApiProperty({
    format: 'date-time',
    example: '2026-03-12T19:30:00+02:00',
    pattern: INSTANT_PATTERN.source,
    maxLength: LONGEST_INSTANT,
  })
  @IsString({ message: 'startsAt must be an instant with its offset' })
  startsAt: string;

  @ApiProperty({ type: 'integer', example: 20, minimum: 1, maximum: MOST_SEATS })
  @IsInt({ message: 'capacity must be a whole number of seats' })
  capacity: number;

  @ApiPropertyOptional({
    example: 'Mar 12 - 7:30pm',
    maxLength: LONGEST_SLUG,
    description:
      "The slot's name, which registrations reference; by default its start in the event's time zone, named like 'Mar 12 - 7:30pm'.",
  })
  @IsOptional()
  @IsString({ message: 'time must be text' })
  time?: string;
}
