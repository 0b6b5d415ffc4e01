import { applyDecorators } from '@nestjs/common';
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
import { TextOfAtMost } from '../../../common/validation';
import { RegistrationPageRequestDto } from './registration-page.request.dto';

export const CSV_COLUMNS = 14;
const LABEL_MAX_LENGTH = 100;

/** A label repeated in the query (`column=Name&column=Email`) or given once. */
const AsList = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || Array.isArray(value) ? value : [value],
  );

/** One of the file's words: text of at most LABEL_MAX_LENGTH characters. */
function Label(description: string, example: string): PropertyDecorator {
  return applyDecorators(
    TextOfAtMost(LABEL_MAX_LENGTH),
    ApiProperty({ description, example, maxLength: LABEL_MAX_LENGTH }),
  );
}

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
    type: 'array',
    items: { type: 'string', maxLength: LABEL_MAX_LENGTH },
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

  @Label('The word for a captured dream, or a paid seat.', 'YES')
  yes: string;

  @Label('The word for a dream not captured, or a seat not paid.', 'NO')
  no: string;

  @Label('The name shown when there is none.', 'Unknown Name')
  unknownName: string;

  @ApiPropertyOptional({
    enum: ['en', 'it', 'ro'],
    description: "The operator's language: each event's city is named in it (English by default).",
  })
  @IsOptional()
  @IsIn(['en', 'it', 'ro'], { message: 'language must be en, it or ro' })
  language?: 'en' | 'it' | 'ro';
}
