import { ApiProperty } from '@nestjs/swagger';
import { AdminRegistrationDto } from '../list-registrations/admin-registration.response.dto';

/** What the header and the slot badges need about one slot, whatever the page shows. */
export class SlotTotalsDto {
  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty({ type: 'integer', description: 'Seats in the slot.', example: 20 })
  limit: number;

  @ApiProperty({
    type: 'integer',
    description: 'Seats taken: held at checkout, paid or confirmed.',
    example: 20,
  })
  seats: number;

  @ApiProperty({
    type: 'integer',
    description: 'Seats held while their checkout is open.',
    example: 2,
  })
  held: number;

  @ApiProperty({ type: 'integer', description: 'Seats paid.', example: 17 })
  paid: number;

  @ApiProperty({ type: 'integer', description: 'People on the waiting list.', example: 4980 })
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
    type: 'integer',
    nullable: true,
    description:
      'Registrations matching the search and filters, counted up to 10,000 (first page only, else null).',
  })
  matched: number | null;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'True when more than `matched` match (first page only, else null).',
  })
  matchedCapped: boolean | null;

  @ApiProperty({
    type: 'integer',
    description:
      'Registrations holding a seat (held, paid or confirmed) or on a waiting list, from the seat counts; released and refunded ones are not counted.',
  })
  total: number;

  @ApiProperty({ type: [SlotTotalsDto], description: 'Every slot that has a seat count.' })
  slots: SlotTotalsDto[];
}
