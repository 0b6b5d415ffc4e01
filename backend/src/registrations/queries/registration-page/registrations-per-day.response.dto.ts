import { ApiProperty } from '@nestjs/swagger';

export class DayCountDto {
  @ApiProperty({ description: 'YYYY-MM-DD in the time zone asked for.', example: '2025-10-30' })
  day: string;

  @ApiProperty({ type: 'integer', example: 42 })
  count: number;
}
