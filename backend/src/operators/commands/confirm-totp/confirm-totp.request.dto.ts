import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class TotpConfirmationRequestDto {
  @ApiProperty({
    example: '123456',
    pattern: '^\\d{6}$',
    description: 'The code the app shows now.',
  })
  @IsString({ message: 'code is required' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits the app shows' })
  code: string;
}
