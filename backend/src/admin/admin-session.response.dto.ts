import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AdminSessionDto {
  @ApiProperty({ description: 'Whether the request carries the cookie of a live session.' })
  authenticated: boolean;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description: 'When the session ends, if there is one.',
  })
  expiresAt?: string;
}
