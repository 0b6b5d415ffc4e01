import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, ValidateBy } from 'class-validator';
import { NormalizeText } from '../../../common/normalize-text';
import { TextField } from '../../../common/validation';
import {
  CATALOGUE_NAME_RULE,
  EMAIL_LOCAL_PART_MAX_CHARACTERS,
  EMAIL_MAX_CHARACTERS,
  EMAIL_PATTERN,
  isEmailAddress,
  isPhoneNumber,
  NAME_MAX_CHARACTERS,
  NAME_RULE,
  PHONE_MAX_CHARACTERS,
  PHONE_RULE,
} from '../../../registrations/domain/registration-rules';
import type { Locale } from '../../../common/locale';
import { DreamText } from '../../../registrations/dream-messages';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
/** SPEC section 5's message for a phone it cannot read as one. */
export const PHONE_MESSAGE =
  'Please enter a valid WhatsApp number (e.g., +39 123 456 7890 or 123-456-7890)';

/** `check` over a string value, after the text rules of the same field. */
function Satisfies(name: string, check: (value: string) => boolean, message: string) {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'string' && check(value),
      defaultMessage: () => message,
    },
  });
}

const TEXT_DESCRIPTION =
  'characters as a person counts them (what shows nothing counts as none), after NFC and trimming; no control characters';

export class CreateRegistrationRequestDto {
  @ApiProperty({
    example: 'Ana Popescu',
    maxLength: NAME_MAX_CHARACTERS,
    description: `1 to ${NAME_MAX_CHARACTERS} ${TEXT_DESCRIPTION}`,
  })
  @NormalizeText()
  @IsString({ message: 'Name is required' })
  @TextField(NAME_RULE, {
    blank: 'Name is required',
    short: 'Name is required',
    control: 'Name must not contain control characters',
    long: 'Name must be at most 100 characters',
  })
  name: string;

  @ApiProperty({
    example: 'ana@example.com',
    maxLength: EMAIL_MAX_CHARACTERS,
    description: `A valid email address as the HTML standard defines it, with a dot in the domain, within SMTP's limits: at most ${EMAIL_LOCAL_PART_MAX_CHARACTERS} characters before the @ and ${EMAIL_MAX_CHARACTERS} in all`,
    pattern: EMAIL_PATTERN.source,
  })
  @NormalizeText()
  @IsString({ message: EMAIL_MESSAGE })
  @Satisfies('emailAddress', isEmailAddress, EMAIL_MESSAGE)
  email: string;

  @ApiProperty({
    description: `Phone Number: 1 to ${PHONE_MAX_CHARACTERS} ${TEXT_DESCRIPTION}; a number libphonenumber-js reads as possible, with its country code or as an Italian or Romanian national number`,
    example: '+40 712 345 678',
    maxLength: PHONE_MAX_CHARACTERS,
  })
  @NormalizeText()
  @IsString({ message: 'Phone number is required' })
  @TextField(PHONE_RULE, {
    blank: 'Phone number is required',
    short: 'Phone number is required',
    control: 'Phone number must not contain control characters',
    long: 'Phone number must be at most 32 characters',
  })
  @Satisfies('phoneNumber', isPhoneNumber, PHONE_MESSAGE)
  whatsapp: string;

  @ApiProperty({ example: 'bucharest', maxLength: CATALOGUE_NAME_RULE.maxCharacters })
  @NormalizeText()
  @IsString({ message: 'Only Bucharest event is available' })
  @TextField(CATALOGUE_NAME_RULE, {
    blank: 'Only Bucharest event is available',
    short: 'Only Bucharest event is available',
    control: 'Only Bucharest event is available',
    long: 'Only Bucharest event is available',
  })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm', maxLength: CATALOGUE_NAME_RULE.maxCharacters })
  @NormalizeText()
  @IsString({ message: 'Please select a time slot' })
  @TextField(CATALOGUE_NAME_RULE, {
    blank: 'Please select a time slot',
    short: 'Please select a time slot',
    control: 'Please select a time slot',
    long: 'Please select a time slot',
  })
  time: string;

  @DreamText()
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
