import { ApiPropertyOptional } from '@nestjs/swagger';
import { TIME_ZONE } from '../../../common/time-zone';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import {
  DATE_LENGTH,
  CURRENCY_PATTERN,
  DATE_PATTERN,
  HIGHEST_PRICE_MINOR,
  LONGEST_NAME,
} from '../../domain/tour-rules';
import { LocalisedPlacesDto } from '../../queries/tour-admin/tour-admin.response.dto';
import { EDITABLE_EVENT_STATUSES } from '../../domain/tour';
import { documentedBounds } from '../../../common/parameter-rule';

// The fields' shapes are checked here; what their values must be and their bounds are the
// domain's, checked when decided.

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
    ...documentedBounds(TIME_ZONE),
    description: 'An IANA time zone the server knows (its spelling is corrected: europe/bucharest)',
  })
  @IsOptional()
  @IsString({ message: 'timeZone must be text' })
  timeZone?: string;

  @ApiPropertyOptional({ type: 'integer', example: 3500, minimum: 1, maximum: HIGHEST_PRICE_MINOR })
  @IsOptional()
  @IsInt({ message: 'priceMinor must be a whole number' })
  priceMinor?: number;

  @ApiPropertyOptional({
    example: 'EUR',
    pattern: CURRENCY_PATTERN,
    description:
      "The price's ISO 4217 currency, one the payment provider takes. A new price or currency applies to payment pages opened from then on; a seat held before pays what its page asks.",
  })
  @IsOptional()
  @IsString({ message: 'currency must be text (an ISO 4217 code: RON, EUR)' })
  currency?: string;

  @ApiPropertyOptional({ enum: EDITABLE_EVENT_STATUSES })
  @IsOptional()
  @IsIn(EDITABLE_EVENT_STATUSES, { message: 'status must be open or coming-soon' })
  status?: 'open' | 'coming-soon';

  @ApiPropertyOptional({ description: 'Offer freed seats to the next person waiting.' })
  @IsOptional()
  @IsBoolean({ message: 'automaticOffers must be true or false' })
  automaticOffers?: boolean;
}
