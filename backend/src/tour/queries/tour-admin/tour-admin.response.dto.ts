import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LONGEST_NAME } from '../../domain/tour-rules';

export class LocalisedPlaceDto {
  @ApiPropertyOptional({ example: 'Bucarest', maxLength: LONGEST_NAME })
  city?: string;

  @ApiPropertyOptional({ example: 'Fabbrica di Pennelli', maxLength: LONGEST_NAME })
  venue?: string;
}

export class LocalisedPlacesDto {
  @ApiPropertyOptional({ type: LocalisedPlaceDto })
  it?: LocalisedPlaceDto;

  @ApiPropertyOptional({ type: LocalisedPlaceDto })
  ro?: LocalisedPlaceDto;
}

export class TourSlotAdminDto {
  @ApiProperty({
    example: 'Oct 30 - 7:30pm',
    description: "The slot's name, which registrations reference; it stays when the slot moves.",
  })
  time: string;

  @ApiProperty({ format: 'date-time', example: '2025-10-30T19:30:00+02:00' })
  startsAt: string;

  @ApiProperty({ enum: ['open', 'closed'], description: 'As the operator set it.' })
  status: 'open' | 'closed';

  @ApiProperty({ type: 'integer', example: 20 })
  capacity: number;

  @ApiProperty({ type: 'integer', example: 12, description: 'Seats held or paid.' })
  seatsTaken: number;

  @ApiProperty({ type: 'integer', example: 3, description: 'People on the waiting list.' })
  waiting: number;
}

export class TourEventAdminDto {
  @ApiProperty({ example: 'bucharest' })
  slug: string;

  @ApiProperty({ example: 'Bucharest' })
  city: string;

  @ApiProperty()
  venue: string;

  @ApiProperty({ type: LocalisedPlacesDto })
  localised: LocalisedPlacesDto;

  @ApiProperty({ format: 'date', example: '2025-10-30' })
  date: string;

  @ApiProperty({ example: 'Europe/Bucharest' })
  timeZone: string;

  @ApiProperty({ enum: ['open', 'completed', 'coming-soon'] })
  status: 'open' | 'completed' | 'coming-soon';

  @ApiProperty({
    type: 'integer',
    example: 3500,
    description: 'Price in the smallest unit of the currency (3500 is 35 RON; yen are whole)',
  })
  priceMinor: number;

  @ApiProperty({
    example: 'RON',
    description: "The price's ISO 4217 currency: each event has its own.",
  })
  currency: string;

  @ApiProperty({ description: 'Whether a freed seat is offered to the next person waiting.' })
  automaticOffers: boolean;

  @ApiProperty({ type: [TourSlotAdminDto], description: 'By start.' })
  slots: TourSlotAdminDto[];
}

export class TourAdminDto {
  @ApiProperty({
    example: 'RON',
    description: "The tour's currency: an event announced without one is priced in it.",
  })
  currency: string;

  @ApiProperty({ type: [TourEventAdminDto], description: 'By date.' })
  events: TourEventAdminDto[];
}

export class TourHistoryEntryDto {
  @ApiProperty({ example: '1042', description: "The fact's position in the log." })
  position: string;

  @ApiProperty({
    example: 'bucharest',
    description: "The event's slug; empty for the tour's own facts (TourImported).",
  })
  event: string;

  @ApiProperty({ example: 'SlotCapacityChanged' })
  type: string;

  @ApiProperty({ format: 'date-time' })
  at: string;

  @ApiProperty({
    example: 'admin',
    description: 'admin (an operator in the Command Center), import, or system.',
  })
  actor: string;

  @ApiPropertyOptional({
    example: 'owner',
    description:
      'The operator who recorded it (actor `admin`): their id, `owner` for the password login.',
  })
  operatorId?: string;

  @ApiPropertyOptional({
    example: 'Ioana Marin',
    description:
      "The operator's name as it is now (actor `admin`): `owner` for the password login, `former operator #<number>` once erased.",
  })
  actorName?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { time: 'Oct 30 - 7:30pm', capacity: 24, from: 20 },
  })
  details: Record<string, unknown>;
}

export class TourHistoryDto {
  @ApiProperty({ type: [TourHistoryEntryDto], description: 'Newest first.' })
  entries: TourHistoryEntryDto[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass as `before` for the older entries; null when there are none.',
  })
  next: string | null;
}
