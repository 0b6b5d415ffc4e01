import { ApiProperty } from '@nestjs/swagger';
import { STATUS_FILTERS, type StatusFilter } from '../../domain/registration';
import { AdminRegistrationDto } from '../list-registrations/admin-registration.response.dto';

/**
 * How many registrations each status filter shows, with the search, event and slot applied but
 * no status: counted by the statement that reads the rows' statuses, so a filter's count is the
 * number of rows it lists.
 */
export class StatusCountsDto implements Record<StatusFilter, number> {
  @ApiProperty({
    type: 'integer',
    description: "A paid seat, or one confirmed from the waiting list (SPEC's CONFIRMED).",
  })
  confirmed: number;

  @ApiProperty({ type: 'integer', description: 'On the waiting list.' })
  waiting: number;

  @ApiProperty({ type: 'integer', description: 'A seat held while its payment is open.' })
  held: number;

  @ApiProperty({
    type: 'integer',
    description: 'A seat offered from the waiting list, held until paid.',
  })
  offered: number;

  @ApiProperty({ type: 'integer', description: 'Cancelled by an operator or the visitor.' })
  cancelled: number;

  @ApiProperty({
    type: 'integer',
    description: 'The hold or the offer lapsed; the seat went back.',
  })
  released: number;

  @ApiProperty({ type: 'integer', description: 'The payment was refunded; the seat went back.' })
  refunded: number;

  @ApiProperty({
    type: 'integer',
    description: 'Every registration the search, event and slot match.',
  })
  all: number;
}

/** Holds STATUS_FILTERS and StatusCountsDto's fields equal (a test checks the document too). */
export const STATUS_COUNT_FIELDS: readonly (StatusFilter | 'all')[] = [...STATUS_FILTERS, 'all'];

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

  @ApiProperty({
    type: 'integer',
    description: 'Seated people (paid or confirmed) checked in at the door.',
    example: 12,
  })
  checkedIn: number;

  @ApiProperty({
    type: 'integer',
    description:
      "Seated people whose dream has no approved text on the performers' sheet yet (0: the sheet is approved).",
    example: 3,
  })
  sheetUnapproved: number;
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
      'Every registration in the list, whatever its status (cancelled, released and refunded ones too): the whole of which `matched` is a part.',
  })
  total: number;

  @ApiProperty({
    type: StatusCountsDto,
    description:
      'How many registrations each status filter lists under the current search, event and slot.',
  })
  statusCounts: StatusCountsDto;

  @ApiProperty({ type: [SlotTotalsDto], description: 'Every slot that has a seat count.' })
  slots: SlotTotalsDto[];
}
