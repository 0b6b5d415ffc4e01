import { ApiProperty } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'email' })
  field: string;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message: string;
}

/** The one shape of every error answer. */
export class ApiErrorDto {
  @ApiProperty({ type: 'integer', example: 400 })
  statusCode: number;

  @ApiProperty({ example: 'Please enter a valid email address' })
  message: string;

  @ApiProperty({ type: [FieldErrorDto] })
  errors: FieldErrorDto[];
}
