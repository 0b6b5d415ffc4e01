import { ApiProperty } from '@nestjs/swagger';

export class SlotDoorCountsDto {
  @ApiProperty({ example: 'bucharest' })
  event!: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time!: string;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Paid or confirmed seats.' })
  seated!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  checkedIn!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  noShows!: number;
}

export class DoorCountsResponseDto {
  @ApiProperty({ type: [SlotDoorCountsDto], description: 'Every slot with a seated person.' })
  slots!: SlotDoorCountsDto[];
}
