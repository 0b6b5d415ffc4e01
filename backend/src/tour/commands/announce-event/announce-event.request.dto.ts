import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TIME_ZONE } from '../../../common/time-zone';
import { IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import {
  DATE_LENGTH,
  CURRENCY_PATTERN,
  DATE_PATTERN,
  HIGHEST_PRICE_MINOR,
  LONGEST_NAME,
  LONGEST_SLUG,
  SLUG_PATTERN,
} from '../../domain/tour-rules';
import { LocalisedPlacesDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { EDITABLE_EVENT_STATUSES } from '../../domain/tour';
import { documentedBounds } from '../../../common/parameter-rule';

// The fields' shapes are checked here; what their values must be and their bounds are the
// domain's, checked when decided.

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
    ...documentedBounds(TIME_ZONE),
    description: 'An IANA time zone the server knows (its spelling is corrected: europe/bucharest)',
  })
  @IsString({ message: 'timeZone must be text' })
  timeZone: string;

  @ApiProperty({
    type: 'integer',
    example: 3500,
    minimum: 1,
    maximum: HIGHEST_PRICE_MINOR,
    description:
      'In the smallest unit of the currency (bani, cents; yen are whole): 3500 is 35 RON',
  })
  @IsInt({ message: 'priceMinor must be a whole number' })
  priceMinor: number;

  @ApiPropertyOptional({
    example: 'RON',
    pattern: CURRENCY_PATTERN,
    description:
      "The price's ISO 4217 currency, one the payment provider takes; the tour's currency when left out",
  })
  @IsOptional()
  @IsString({ message: 'currency must be text (an ISO 4217 code: RON, EUR)' })
  currency?: string;

  @ApiPropertyOptional({ enum: EDITABLE_EVENT_STATUSES, default: 'open' })
  @IsOptional()
  @IsIn(EDITABLE_EVENT_STATUSES, { message: 'status must be open or coming-soon' })
  status?: 'open' | 'coming-soon';
}
