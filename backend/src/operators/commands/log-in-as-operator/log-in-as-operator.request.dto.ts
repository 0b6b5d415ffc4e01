import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PASSPHRASE_MAX_LENGTH } from '../../domain/passphrase';
import { OPERATOR_EMAIL_MAX } from '../../operator-requests.dto';
import { TextOfAtMost } from '../../../common/validation';

export class OperatorLoginRequestDto {
  @ApiProperty({ example: 'ioana@example.com', maxLength: OPERATOR_EMAIL_MAX })
  @IsString({ message: 'email is required' })
  @IsNotEmpty({ message: 'email is required' })
  @MaxLength(OPERATOR_EMAIL_MAX, {
    message: `email must be at most ${OPERATOR_EMAIL_MAX} characters`,
  })
  email: string;

  @ApiProperty({ example: 'a long passphrase of my own', maxLength: PASSPHRASE_MAX_LENGTH })
  @IsString({ message: 'passphrase is required' })
  @IsNotEmpty({ message: 'passphrase is required' })
  @MaxLength(PASSPHRASE_MAX_LENGTH, {
    message: `passphrase must be at most ${PASSPHRASE_MAX_LENGTH} characters`,
  })
  passphrase: string;

  @ApiPropertyOptional({
    example: '123456',
    maxLength: 20,
    description:
      'A 6-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). Left out or empty only by an operator with no second factor (joined and left before adding one, or reset by the owner): their session may then only add one.',
  })
  @IsOptional()
  @TextOfAtMost(20)
  code?: string;
}
