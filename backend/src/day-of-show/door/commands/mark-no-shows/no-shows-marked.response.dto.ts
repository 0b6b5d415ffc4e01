import { ApiProperty } from '@nestjs/swagger';

export class NoShowsMarkedDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many were marked no-shows now.' })
  marked!: number;
}
