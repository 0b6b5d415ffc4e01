import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { PASSPHRASE_MAX_LENGTH } from '../../domain/passphrase';
import { TextOfAtMost } from '../../../common/validation';

export class StepUpRequestDto {
  @ApiPropertyOptional({
    example: 'seven ravens over the quiet harbour',
    maxLength: PASSPHRASE_MAX_LENGTH,
    description: "The operator's passphrase (this or `code`).",
  })
  @IsOptional()
  @TextOfAtMost(PASSPHRASE_MAX_LENGTH)
  passphrase?: string;

  @ApiPropertyOptional({
    example: '123456',
    pattern: '^\\d{6}$',
    description: 'A code the authenticator app shows now (this or `passphrase`).',
  })
  @IsOptional()
  @IsString({ message: 'code must be text' })
  @Matches(/^\d{6}$/, { message: 'code must be the 6 digits the app shows' })
  code?: string;
}
