import { ApiProperty } from '@nestjs/swagger';
import { OPERATOR_STATES, type OperatorStatus } from '../auth/operator';
import { OPERATOR_ROLES, ROLES, type OperatorRole, type Role } from '../auth/permissions';

const WEBAUTHN_OPTIONS = {
  type: 'object',
  additionalProperties: true,
} as const;

export class PasskeyRequestOptionsDto {
  @ApiProperty({ format: 'uuid', description: "Send it back with the browser's answer." })
  challengeId: string;

  @ApiProperty({
    ...WEBAUTHN_OPTIONS,
    description:
      'PublicKeyCredentialRequestOptionsJSON for @simplewebauthn/browser startAuthentication (discoverable credentials: no allowCredentials).',
  })
  options: Record<string, unknown>;
}

export class PasskeyCreationOptionsDto {
  @ApiProperty({ format: 'uuid', description: "Send it back with the browser's answer." })
  challengeId: string;

  @ApiProperty({
    ...WEBAUTHN_OPTIONS,
    description:
      'PublicKeyCredentialCreationOptionsJSON for @simplewebauthn/browser startRegistration.',
  })
  options: Record<string, unknown>;
}

export class PasskeyDto {
  @ApiProperty({ description: "The credential's id (base64url)." })
  id: string;

  @ApiProperty({ example: 'Chrome on Android' })
  name: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

export class AccountPasskeyDto extends PasskeyDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;
}

export class AccountDto {
  @ApiProperty({ example: 'owner', description: "The operator's id (a UUID), or `owner`." })
  id: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: "The operator's number; 0 for the owner.",
  })
  number: number;

  @ApiProperty({ example: 'Ioana Marin' })
  name: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null for the owner.' })
  email: string | null;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ type: [AccountPasskeyDto] })
  passkeys: AccountPasskeyDto[];

  @ApiProperty({ description: 'Whether an authenticator app (TOTP) is confirmed.' })
  totp: boolean;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 10 })
  recoveryCodesLeft: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Until when this session may change what signs the operator in (add or remove a passkey, set up the app, new recovery codes): its sign-in or its last step-up, 5 minutes on. Null: step up first (POST /api/admin/account/step-up).',
  })
  provedUntil: string | null;
}

export class StepUpDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'Until when the session may change what signs the operator in.',
  })
  provedUntil: string;
}

export class TotpSetupDto {
  @ApiProperty({ description: 'The secret, base32, for typing into the app.' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/Dream%20Darkroom:ioana%40example.com?secret=…' })
  otpauthUri: string;
}

export class RecoveryCodesDto {
  @ApiProperty({
    type: [String],
    example: ['k3mzp-9qv2x'],
    description: 'Ten codes, each good once instead of a code of the app; shown this once.',
  })
  recoveryCodes: string[];
}

export class OperatorSessionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'Chrome on Android' })
  device: string;

  @ApiProperty({
    example: '192.0.2.10',
    description: 'The client address (an IPv6 client by its /64).',
  })
  address: string;

  @ApiProperty({ type: String, format: 'date-time' })
  openedAt: string;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'Within a minute: it is written at most once a minute.',
  })
  lastUsedAt: string;

  @ApiProperty({ description: 'The session this request was made with.' })
  current: boolean;
}

export class OperatorDto {
  @ApiProperty({ example: 'owner', description: "The operator's id (a UUID), or `owner`." })
  id: string;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: '0 for the owner, then 1, 2, … in order of invitation.',
  })
  number: number;

  @ApiProperty({ example: 'Ioana Marin', description: '`former operator #<number>` once erased.' })
  name: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null for the owner and once erased.' })
  email: string | null;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ enum: OPERATOR_STATES })
  state: OperatorStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  invitedAt: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  joinedAt: string | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  passkeys: number;

  @ApiProperty()
  totp: boolean;

  @ApiProperty({
    type: [AccountPasskeyDto],
    description: "The operator's passkeys, by name, the oldest first (the owner may remove one).",
  })
  passkeyList: AccountPasskeyDto[];

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 10 })
  recoveryCodesLeft: number;

  @ApiProperty({ type: [OperatorSessionDto], description: 'The open sessions, oldest first.' })
  sessions: OperatorSessionDto[];
}

export class OperatorListDto {
  @ApiProperty({ type: [OperatorDto], description: 'The owner first, then by number.' })
  operators: OperatorDto[];
}

export class InvitationDto {
  @ApiProperty({ example: 'ioana@example.com' })
  email: string;

  @ApiProperty({
    example: 'Ioana Marin',
    description: 'The name the owner gave; joining may change it.',
  })
  name: string;

  @ApiProperty({ enum: OPERATOR_ROLES })
  role: OperatorRole;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: string;

  @ApiProperty({
    required: false,
    example: 'Europe/Bucharest',
    description: "The time zone the invitation's end is written in (the email's).",
  })
  timeZone?: string;
}
