import { ApiProperty } from '@nestjs/swagger';

export class SlotCapacityDto {
  @ApiProperty({ type: 'integer', description: 'Seats still free.' })
  available: number;

  @ApiProperty({
    type: 'integer',
    description: 'Seats taken: paid, confirmed and held during checkout.',
  })
  registered: number;

  @ApiProperty({ type: 'integer', description: 'People on the waiting list.' })
  waitingList: number;

  @ApiProperty({ type: 'integer', description: 'Seats in the slot.' })
  limit: number;

  @ApiProperty({ enum: ['open', 'closed'] })
  status: 'open' | 'closed';
}
