import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { Trim } from '../../../common/trim';
import { VisibleLength } from '../../../common/validation';
import {
  DREAM_MAX_CHARACTERS,
  DREAM_MIN_CHARACTERS,
  EMAIL_MAX_CHARACTERS,
  EMAIL_PATTERN,
  NAME_MAX_CHARACTERS,
  PHONE_MAX_CHARACTERS,
} from '../../domain/registration-rules';
import type { Locale } from '../../domain/registration-events';

export const DREAM_MESSAGE =
  'Please share your dream with at least 100 characters - it will be part of the performance';

export class CreateRegistrationRequestDto {
  @ApiProperty({ example: 'Ana Popescu', maxLength: NAME_MAX_CHARACTERS })
  @Trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(NAME_MAX_CHARACTERS, { message: 'Name must be at most 100 characters' })
  name: string;

  @ApiProperty({ example: 'ana@example.com', maxLength: EMAIL_MAX_CHARACTERS })
  @Trim()
  @IsString({ message: 'Please enter a valid email address' })
  @Matches(EMAIL_PATTERN, { message: 'Please enter a valid email address' })
  @MaxLength(EMAIL_MAX_CHARACTERS, { message: 'Email must be at most 254 characters' })
  email: string;

  @ApiProperty({ description: 'Phone Number', example: '+40 712 345 678', maxLength: 32 })
  @Trim()
  @IsString({ message: 'Phone number is required' })
  @IsNotEmpty({ message: 'Phone number is required' })
  @MaxLength(PHONE_MAX_CHARACTERS, { message: 'Phone number must be at most 32 characters' })
  whatsapp: string;

  @ApiProperty({ example: 'bucharest' })
  @Trim()
  @IsString({ message: 'Only Bucharest event is available' })
  @IsNotEmpty({ message: 'Only Bucharest event is available' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  @Trim()
  @IsString({ message: 'Please select a time slot' })
  @IsNotEmpty({ message: 'Please select a time slot' })
  time: string;

  @ApiProperty({
    description: `Between ${DREAM_MIN_CHARACTERS} and ${DREAM_MAX_CHARACTERS} characters as a person counts them, after trimming`,
    minLength: DREAM_MIN_CHARACTERS,
    maxLength: DREAM_MAX_CHARACTERS,
  })
  @Trim()
  @IsString({ message: DREAM_MESSAGE })
  @VisibleLength('dreamTooShort', DREAM_MIN_CHARACTERS, Number.MAX_SAFE_INTEGER, {
    message: DREAM_MESSAGE,
  })
  @VisibleLength('dreamTooLong', 0, DREAM_MAX_CHARACTERS, {
    message: 'Your dream must be at most 5000 characters',
  })
  dream: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'dreamedCaptured must be true or false' })
  dreamedCaptured?: boolean;

  @ApiPropertyOptional({ enum: ['en', 'it', 'ro'], default: 'en' })
  @IsOptional()
  @IsIn(['en', 'it', 'ro'], { message: 'locale must be one of en, it, ro' })
  locale?: Locale;
}
