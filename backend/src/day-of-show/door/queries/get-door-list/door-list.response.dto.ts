import { ApiProperty, ApiPropertyOptional, OmitType, PickType } from '@nestjs/swagger';
import { DoorPersonDto } from '../door-person.dto';
import { TicketKeyDto } from '../../../tickets/get-public-keys/ticket-keys.response.dto';

export class DoorSeatDto extends OmitType(DoorPersonDto, ['checkedInAt'] as const) {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description: 'Order of registration among the seated, from 1.',
  })
  seat!: number;

  @ApiProperty({ enum: ['checked-in', 'not-arrived', 'no-show'] })
  state!: 'checked-in' | 'not-arrived' | 'no-show';

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  checkedInAt!: string | null;
}

export class DoorWaitingDto extends PickType(DoorPersonDto, [
  'handle',
  'shortId',
  'name',
] as const) {
  @ApiProperty({ type: 'integer', minimum: 1 })
  position!: number;
}

/** A slot by its event and its name, as a ticket names it. */
export class DoorSlotDto {
  @ApiProperty({ example: 'bucharest' })
  event!: string;

  @ApiProperty({ example: 'Oct 31 - 7:30pm' })
  time!: string;
}

export class DoorRevokedDto extends PickType(DoorPersonDto, ['handle'] as const) {
  @ApiProperty({
    enum: ['cancelled', 'not-paid', 'wrong-slot'],
    description:
      'cancelled: cancelled, refunded or released; not-paid: a hold or an offer not paid; wrong-slot: the booking moved to another slot since (movedTo), whatever became of it there, so its old ticket is refused as the check-in refuses it.',
  })
  reason!: 'cancelled' | 'not-paid' | 'wrong-slot';

  @ApiPropertyOptional({
    type: DoorSlotDto,
    description: 'For wrong-slot: the slot the booking is in now, as the check-in answers it.',
  })
  movedTo?: DoorSlotDto;

  @ApiPropertyOptional({ description: 'For wrong-slot: the name the booking is under.' })
  name?: string;
}

/** What a door device keeps to check people in, offline too: names only, no contact or dream. */
export class DoorListResponseDto {
  @ApiProperty({ example: 'bucharest' })
  event!: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  startsAt!: string;

  @ApiProperty({ description: 'Whether the slot has started (no-shows may be marked).' })
  started!: boolean;

  @ApiProperty({ type: String, format: 'date-time', description: 'When this list was read.' })
  syncedAt!: string;

  @ApiProperty({ type: [DoorSeatDto], description: 'The paid or confirmed seats, in seat order.' })
  seated!: DoorSeatDto[];

  @ApiProperty({ type: [DoorWaitingDto] })
  waitingList!: DoorWaitingDto[];

  @ApiProperty({
    type: [DoorRevokedDto],
    description: "The slot's other registrations, whose tickets are refused.",
  })
  revoked!: DoorRevokedDto[];

  @ApiProperty({
    type: [TicketKeyDto],
    description: 'The keys that verify tickets, as GET /api/tickets/public-key.',
  })
  keys!: TicketKeyDto[];
}
