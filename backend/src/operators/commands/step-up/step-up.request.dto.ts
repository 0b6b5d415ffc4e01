import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PASSPHRASE_MAX_LENGTH } from '../../domain/passphrase';

export class StepUpRequestDto {
  @ApiPropertyOptional({
    example: 'seven ravens over the quiet harbour',
    maxLength: PASSPHRASE_MAX_LENGTH,
    description: "The operator's passphrase (this or `code`).",
  })
  @IsOptional()
  @IsString({ message: 'passphrase must be text' })
  @MaxLength(PASSPHRASE_MAX_LENGTH, {
    message: `passphrase must be at most ${PASSPHRASE_MAX_LENGTH} characters`,
  })
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
