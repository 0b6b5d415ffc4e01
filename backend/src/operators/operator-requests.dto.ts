import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PASSPHRASE_MAX_LENGTH } from './domain/passphrase';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest operator name and email the API takes. */
export const OPERATOR_NAME_MAX = 100;
export const OPERATOR_EMAIL_MAX = 254;

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
  @IsString({ message: 'code must be text' })
  @MaxLength(20, { message: 'code must be at most 20 characters' })
  code?: string;
}

/** An empty body: the ceremony's options need nothing from the browser. */
export class EmptyRequestDto {}

export const WEBAUTHN_RESPONSE = {
  type: 'object',
  additionalProperties: true,
  example: {
    id: 'credential-id',
    rawId: 'credential-id',
    type: 'public-key',
    response: {},
    clientExtensionResults: {},
  },
  description:
    "The browser's answer as @simplewebauthn/browser gives it (its JSON form: id, rawId, type, response, clientExtensionResults).",
} as const;

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
