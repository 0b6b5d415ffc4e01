import { ApiProperty } from '@nestjs/swagger';

export class LivenessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  @ApiProperty({
    type: 'integer',
    description: 'Seconds since this process started.',
    example: 3600,
  })
  uptimeSeconds!: number;
}

export class ReadinessCheckDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ required: false, description: 'Why the check is down.' })
  message?: string;
}

export class ReadinessResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status!: 'ok';

  @ApiProperty({
    description: 'Each check by name (database, migrations).',
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/ReadinessCheckDto' },
  })
  checks!: Record<string, ReadinessCheckDto>;
}
