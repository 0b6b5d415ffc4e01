import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { UUID_PATTERN, WEBAUTHN_RESPONSE } from '../../operator-requests.dto';
import { TextOfAtMost } from '../../../common/validation';

export class PasskeyRegistrationRequestDto {
  @ApiProperty({
    format: 'uuid',
    example: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11',
    description: 'From POST /api/admin/account/passkeys/options.',
  })
  @IsString({ message: 'challengeId is required' })
  @Matches(UUID_PATTERN, { message: 'challengeId must be the id the options answered' })
  challengeId: string;

  @ApiProperty({
    ...WEBAUTHN_RESPONSE,
    description: `${WEBAUTHN_RESPONSE.description} RegistrationResponseJSON.`,
  })
  @IsObject({ message: 'response must be an object' })
  response: Record<string, unknown>;

  @ApiPropertyOptional({
    example: 'My phone',
    maxLength: 60,
    description: 'What to call the passkey; the device it was added from when left out.',
  })
  @IsOptional()
  @TextOfAtMost(60)
  name?: string;
}
