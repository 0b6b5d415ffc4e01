import { ApiProperty } from '@nestjs/swagger';
import { TicketKeyDto } from '../../../tickets/get-public-keys/ticket-keys.response.dto';

export class DoorSeatDto {
  @ApiProperty({
    description:
      "The person's door handle: how the door names them, and useless anywhere else (no public route takes it).",
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
    pattern: '^[A-Za-z0-9_-]{22}$',
  })
  handle!: string;

  @ApiProperty({ example: '#4A2F10' })
  shortId!: string;

  @ApiProperty({ example: 'Ana Popescu' })
  name!: string;

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

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Bianca Box',
    description:
      "Who checked them in: the operator's name (`owner` for the password login, `former operator #<number>` once erased); the phone's name for a check-in recorded before operators were kept.",
  })
  checkedInBy!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Door phone 1',
    description: 'The phone that checked them in, as its operator named it; null when unnamed.',
  })
  checkedInDevice!: string | null;
}

export class DoorWaitingDto {
  @ApiProperty({
    description:
      "The person's door handle: how the door names them, and useless anywhere else (no public route takes it).",
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
    pattern: '^[A-Za-z0-9_-]{22}$',
  })
  handle!: string;

  @ApiProperty({ example: '#4A2F10' })
  shortId!: string;

  @ApiProperty({ example: 'Ana Popescu' })
  name!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  position!: number;
}

export class DoorRevokedDto {
  @ApiProperty({
    description:
      "The person's door handle: how the door names them, and useless anywhere else (no public route takes it).",
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
    pattern: '^[A-Za-z0-9_-]{22}$',
  })
  handle!: string;

  @ApiProperty({
    enum: ['cancelled', 'not-paid'],
    description:
      'cancelled: cancelled, refunded or released; not-paid: a hold or an offer not paid.',
  })
  reason!: 'cancelled' | 'not-paid';
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
