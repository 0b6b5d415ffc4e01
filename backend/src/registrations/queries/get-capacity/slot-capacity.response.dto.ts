import { ApiProperty } from '@nestjs/swagger';

export class SlotCapacityDto {
  @ApiProperty({ description: 'Seats still free.' })
  available: number;

  @ApiProperty({ description: 'Seats taken: paid, confirmed and held during checkout.' })
  registered: number;

  @ApiProperty({ description: 'People on the waiting list.' })
  waitingList: number;

  @ApiProperty({ description: 'Seats in the slot.' })
  limit: number;

  @ApiProperty({ enum: ['open', 'closed'] })
  status: 'open' | 'closed';
}
