import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { RegistrationPageRequestDto } from './registration-page.request.dto';

export const CSV_COLUMNS = 14;
const LABEL_MAX_LENGTH = 100;

/** A label repeated in the query (`column=Name&column=Email`) or given once. */
const AsList = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || Array.isArray(value) ? value : [value],
  );

/**
 * The filters of the list, and the words of the file in the operator's language: the site's
 * catalogue is the one place they are written.
 */
export class RegistrationExportRequestDto extends PickType(RegistrationPageRequestDto, [
  'q',
  'status',
  'event',
  'time',
] as const) {
  @ApiProperty({
    type: [String],
    minItems: CSV_COLUMNS,
    maxItems: CSV_COLUMNS,
    description:
      "The fourteen column headings, in order: SPEC's nine (name, user id, email, phone, event, time, registered, dreamed, dream), then status, paid, language, shared dreams, door (repeat the parameter).",
  })
  @AsList()
  @IsArray({ message: `column must be given ${CSV_COLUMNS} times` })
  @ArrayMinSize(CSV_COLUMNS, { message: `column must be given ${CSV_COLUMNS} times` })
  @ArrayMaxSize(CSV_COLUMNS, { message: `column must be given ${CSV_COLUMNS} times` })
  @IsString({ each: true, message: 'each column must be text' })
  @MaxLength(LABEL_MAX_LENGTH, {
    each: true,
    message: `each column must be at most ${LABEL_MAX_LENGTH} characters`,
  })
  column: string[];

  @ApiProperty({ description: 'The word for a captured dream, or a paid seat.', example: 'YES' })
  @IsString({ message: 'yes must be text' })
  @MaxLength(LABEL_MAX_LENGTH, { message: `yes must be at most ${LABEL_MAX_LENGTH} characters` })
  yes: string;

  @ApiProperty({
    description: 'The word for a dream not captured, or a seat not paid.',
    example: 'NO',
  })
  @IsString({ message: 'no must be text' })
  @MaxLength(LABEL_MAX_LENGTH, { message: `no must be at most ${LABEL_MAX_LENGTH} characters` })
  no: string;

  @ApiProperty({ description: 'The name shown when there is none.', example: 'Unknown Name' })
  @IsString({ message: 'unknownName must be text' })
  @MaxLength(LABEL_MAX_LENGTH, {
    message: `unknownName must be at most ${LABEL_MAX_LENGTH} characters`,
  })
  unknownName: string;

  @ApiPropertyOptional({
    enum: ['en', 'it', 'ro'],
    description: "The operator's language: each event's city is named in it (English by default).",
  })
  @IsOptional()
  @IsIn(['en', 'it', 'ro'], { message: 'language must be en, it or ro' })
  language?: 'en' | 'it' | 'ro';
}
