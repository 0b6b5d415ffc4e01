import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FIELD_CODES } from './validation';

/** A code's shape: lower kebab-case. */
export const ERROR_CODE_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

export class FieldErrorDto {
  @ApiProperty({ example: 'email' })
  field: string;

  @ApiProperty({
    description: `What is wrong with the field, stable: one of ${FIELD_CODES.map((code) => `\`${code}\``).join(', ')}, or the code of the answer when a rule of the domain names the field.`,
    pattern: ERROR_CODE_PATTERN,
    example: 'invalid-email',
  })
  code: string;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'The bound the field broke (too-long, too-short, too-many...), when it has one.',
    example: 200,
  })
  limit?: number;
}

/** The one shape of every error answer. */
export class ApiErrorDto {
  @ApiProperty({ type: 'integer', example: 400 })
  statusCode: number;

  @ApiProperty({
    description:
      "Why, as a machine reads it: stable (once chosen it never changes), lower kebab-case. Each operation's answer lists the codes it may carry.",
    pattern: ERROR_CODE_PATTERN,
    example: 'validation-failed',
  })
  code: string;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message: string;

  @ApiProperty({ type: [FieldErrorDto] })
  errors: FieldErrorDto[];
}
