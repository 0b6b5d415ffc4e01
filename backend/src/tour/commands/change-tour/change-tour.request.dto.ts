import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIME_ZONE } from '../../../common/time-zone';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import {
  DATE_LENGTH,
  DATE_PATTERN,
  HIGHEST_PRICE_MINOR,
  INSTANT_PATTERN,
  LONGEST_INSTANT,
  LONGEST_NAME,
  LONGEST_SLUG,
  MOST_SEATS,
  SLUG_PATTERN,
} from '../../domain/tour-rules';
import { LocalisedPlacesDto } from '../../queries/tour-admin/tour-admin.response.dto';

// The fields' shapes are checked here; what their values must be (a real time zone, a price
// above zero, a capacity not below the seats taken) and their bounds are the domain's, checked
// when decided.

const STATUSES = ['open', 'coming-soon'];

export class AnnounceEventRequestDto {
  @ApiProperty({
    example: 'cluj',
    description: 'Lowercase letters, digits and hyphens, starting with a letter',
    pattern: SLUG_PATTERN.source,
    maxLength: LONGEST_SLUG,
  })
  @IsString({ message: 'slug must be text' })
  slug: string;

  @ApiProperty({ example: 'Cluj-Napoca', maxLength: LONGEST_NAME })
  @IsString({ message: 'city must be text' })
  city: string;

  @ApiProperty({ example: 'Fabrica de Pensule', maxLength: LONGEST_NAME })
  @IsString({ message: 'venue must be text' })
  venue: string;

  @ApiPropertyOptional({ type: LocalisedPlacesDto })
  @IsOptional()
  @IsObject({ message: 'localised must be an object by language' })
  localised?: LocalisedPlacesDto;

  @ApiProperty({
    format: 'date',
    example: '2026-03-12',
    pattern: DATE_PATTERN.source,
    maxLength: DATE_LENGTH,
  })
  @IsString({ message: 'date must be text (YYYY-MM-DD)' })
  date: string;

  @ApiProperty({
    example: 'Europe/Bucharest',
    maxLength: TIME_ZONE.maxLength,
    pattern: TIME_ZONE.pattern!.source,
    description: 'An IANA time zone the server knows (its spelling is corrected: europe/bucharest)',
  })
  @IsString({ message: 'timeZone must be text' })
  timeZone: string;

  @ApiProperty({
    type: 'integer',
    example: 3500,
    minimum: 1,
    maximum: HIGHEST_PRICE_MINOR,
    description: 'In the smallest unit of the currency',
  })
  @IsInt({ message: 'priceMinor must be a whole number' })
  priceMinor: number;

  @ApiPropertyOptional({ enum: STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(STATUSES, { message: 'status must be open or coming-soon' })
  status?: 'open' | 'coming-soon';
}

export class EditEventRequestDto {
  @ApiPropertyOptional({ example: 'Cluj-Napoca', maxLength: LONGEST_NAME })
  @IsOptional()
  @IsString({ message: 'city must be text' })
  city?: string;

  @ApiPropertyOptional({ example: 'Fabrica de Pensule', maxLength: LONGEST_NAME })
  @IsOptional()
  @IsString({ message: 'venue must be text' })
  venue?: string;

  @ApiPropertyOptional({
    type: LocalisedPlacesDto,
    description: 'Replaces the localised names as a whole.',
  })
  @IsOptional()
  @IsObject({ message: 'localised must be an object by language' })
  localised?: LocalisedPlacesDto;

  @ApiPropertyOptional({
    example: '2026-03-19',
    format: 'date',
    pattern: DATE_PATTERN.source,
    maxLength: DATE_LENGTH,
  })
  @IsOptional()
  @IsString({ message: 'date must be text (YYYY-MM-DD)' })
  date?: string;

  @ApiPropertyOptional({
    example: 'Europe/Bucharest',
    maxLength: TIME_ZONE.maxLength,
    pattern: TIME_ZONE.pattern!.source,
    description: 'An IANA time zone the server knows (its spelling is corrected: europe/bucharest)',
  })
  @IsOptional()
  @IsString({ message: 'timeZone must be text' })
  timeZone?: string;

  @ApiPropertyOptional({ type: 'integer', example: 3500, minimum: 1, maximum: HIGHEST_PRICE_MINOR })
  @IsOptional()
  @IsInt({ message: 'priceMinor must be a whole number' })
  priceMinor?: number;

  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES, { message: 'status must be open or coming-soon' })
  status?: 'open' | 'coming-soon';

  @ApiPropertyOptional({ description: 'Offer freed seats to the next person waiting.' })
  @IsOptional()
  @IsBoolean({ message: 'automaticOffers must be true or false' })
  automaticOffers?: boolean;
}

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
