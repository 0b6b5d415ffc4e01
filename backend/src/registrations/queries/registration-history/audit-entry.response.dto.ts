import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One fact of the log as an auditor reads it. */
export class AuditEntryDto {
  @ApiProperty({ type: 'integer', description: 'Position in the global log; strictly increasing.' })
  position: number;

  @ApiProperty({ example: 'registration-3f1c…' })
  streamId: string;

  @ApiProperty({ type: 'integer', description: 'Position within its stream, from 1.' })
  streamVersion: number;

  @ApiProperty({ example: 'WaitlistConfirmed' })
  type: string;

  @ApiProperty({ type: String, format: 'date-time' })
  recordedAt: string;

  @ApiProperty({ enum: ['visitor', 'admin', 'payment-provider', 'system'] })
  actor: string;

  @ApiPropertyOptional({ description: 'The request or message that caused it.' })
  correlationId?: string;

  @ApiPropertyOptional({ description: 'The id (not the token) of the operator session, if any.' })
  adminSessionId?: string;

  @ApiPropertyOptional({
    example: 'owner',
    description:
      "The operator who caused it (actor `admin`): their id, `owner` for the password login (and for operators' events from before there were operators).",
  })
  operatorId?: string;

  @ApiPropertyOptional({
    example: 'Ioana Marin',
    description:
      "The operator's name as it is now (actor `admin`): `owner` for the password login, `former operator #<number>` once the operator was erased.",
  })
  actorName?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The event data. Personal fields (name, email, whatsapp, dream) appear while they exist; once erased they are absent and listed in erasedFields.',
  })
  payload: Record<string, unknown>;

  @ApiProperty({ description: 'True when this event held personal data that has been erased.' })
  personalDataErased: boolean;

  @ApiProperty({ type: [String], example: ['name', 'email', 'whatsapp', 'dream'] })
  erasedFields: string[];
}
