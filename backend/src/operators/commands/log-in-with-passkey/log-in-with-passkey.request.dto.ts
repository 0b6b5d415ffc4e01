import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsString, Matches } from 'class-validator';
import { UUID_PATTERN, WEBAUTHN_RESPONSE } from '../../operator-requests.dto';

export class PasskeyLoginRequestDto {
  @ApiProperty({
    format: 'uuid',
    example: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11',
    description: 'From POST /api/admin/login/passkey/options.',
  })
  @IsString({ message: 'challengeId is required' })
  @Matches(UUID_PATTERN, { message: 'challengeId must be the id the options answered' })
  challengeId: string;

  @ApiProperty({
    ...WEBAUTHN_RESPONSE,
    description: `${WEBAUTHN_RESPONSE.description} AuthenticationResponseJSON.`,
  })
  @IsObject({ message: 'response must be an object' })
  response: Record<string, unknown>;
}
