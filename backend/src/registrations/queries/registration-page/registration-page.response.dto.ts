import { ApiProperty } from '@nestjs/swagger';
import { AdminRegistrationDto } from '../list-registrations/admin-registration.response.dto';

/** What the header and the slot badges need about one slot, whatever the page shows. */
export class SlotTotalsDto {
  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty({ description: 'Seats in the slot.', example: 20 })
  limit: number;

  @ApiProperty({ description: 'Seats taken: held at checkout, paid or confirmed.', example: 20 })
  seats: number;

  @ApiProperty({ description: 'Seats held while their checkout is open.', example: 2 })
  held: number;

  @ApiProperty({ description: 'Seats paid.', example: 17 })
  paid: number;

  @ApiProperty({ description: 'People on the waiting list.', example: 4980 })
  waiting: number;
}

export class RegistrationPageDto {
  @ApiProperty({ type: [AdminRegistrationDto], description: 'Newest first.' })
  registrations: AdminRegistrationDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `cursor` for the next page; null on the last page.',
  })
  nextCursor: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Registrations matching the search and filters (first page only, else null).',
  })
  matched: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Every registration in the list (first page only, else null).',
  })
  total: number | null;

  @ApiProperty({ type: [SlotTotalsDto], description: 'Every slot that has a seat count.' })
  slots: SlotTotalsDto[];
}
