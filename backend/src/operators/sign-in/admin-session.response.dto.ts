import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PERMISSIONS, ROLES, type Permission, type Role } from '../../auth/permissions';

/** Who is signed in: the owner (the password) is `{ id: 'owner', name: 'Owner', role: 'owner' }`. */
export class SessionOperatorDto {
  @ApiProperty({ example: 'owner', description: "The operator's id (a UUID), or `owner`." })
  id: string;

  @ApiProperty({ example: 'Owner' })
  name: string;

  @ApiProperty({ enum: ROLES })
  role: Role;
}

export class AdminSessionDto {
  @ApiProperty({ description: 'Whether the request carries the cookie of a live session.' })
  authenticated: boolean;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'When the session ends, if there is one.',
  })
  expiresAt?: string;

  @ApiPropertyOptional({ type: SessionOperatorDto, description: 'Who is signed in.' })
  operator?: SessionOperatorDto;

  @ApiPropertyOptional({
    enum: PERMISSIONS,
    isArray: true,
    description: "What the operator's role may do (every admin route names the one it needs).",
  })
  permissions?: Permission[];

  @ApiPropertyOptional({
    description:
      'True for an operator who joined and has no passkey or authenticator app yet: until then every admin route but the session, the account and logging out answers 403.',
  })
  secondFactorRequired?: boolean;
}
