import { ApiProperty } from '@nestjs/swagger';
import {
  DOOR_STATES,
  EXISTING_REGISTRATION_STATUSES,
  type DoorState,
  PAID_BY,
  STATUS_FILTERS,
  type PaidBy,
  type StatusFilter,
  type RegistrationStatus,
} from '../../domain/registration';
import {
  NULLABLE_AMOUNT_PROPERTY,
  NULLABLE_PENDING_MOVE_PROPERTY,
  type AmountDto,
  type PendingMoveDto,
} from '../pending-move.dto';

/** A registration as the operator sees it: every stored field of SPEC section 3 and more. */
export class AdminRegistrationDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({
    description: "'#' and the last 6 characters of the id, uppercased.",
    example: '#A1B2C3',
  })
  shortId: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Phone Number' })
  whatsapp: string | null;

  @ApiProperty({ example: 'bucharest' })
  event: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time: string;

  @ApiProperty()
  dreamedCaptured: boolean;

  @ApiProperty({ type: String, nullable: true })
  dream: string | null;

  @ApiProperty({ description: 'True while the registration is on the waiting list.' })
  waitingList: boolean;

  @ApiProperty({
    description:
      'Money is held for this seat now (paid by card, or marked paid by an operator); a refund turns it off.',
  })
  paid: boolean;

  @ApiProperty({
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...PAID_BY, null],
    type: String,
    nullable: true,
    description:
      'Who holds the money: the card provider, or the operator who marked it paid; null when nobody does.',
  })
  paidBy: PaidBy | null;

  @ApiProperty({
    description:
      'The operator may turn the paid mark over now (PATCH …/paid with the opposite of `paid`): not on the waiting list, on a registration without a seat, nor to take back a card payment.',
  })
  paidToggle: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'The paid checkout session, if any.' })
  stripeSessionId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The last checkout session opened.' })
  checkoutSessionId: string | null;

  @ApiProperty({
    enum: EXISTING_REGISTRATION_STATUSES,
    description:
      "Where the registration stands, the domain's word: held, offered, paid, waiting, confirmed (from the waiting list), cancelled, released, refunded.",
  })
  status: RegistrationStatus;

  @ApiProperty({
    enum: STATUS_FILTERS,
    description:
      "The status filter that lists it, and the console's badge: confirmed (SPEC's CONFIRMED: paid, or confirmed from the waiting list), waiting (SPEC's WAITING), or the status itself.",
  })
  listedAs: StatusFilter;

  @ApiProperty({ description: 'The registration takes a seat in its slot now.' })
  holdsSeat: boolean;

  @ApiProperty({ enum: ['en', 'it', 'ro'] })
  locale: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  holdExpiresAt: string | null;

  @ApiProperty({ type: 'integer', description: 'Further dreams shared after registering.' })
  sharedDreams: number;

  @ApiProperty({
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...DOOR_STATES, null],
    nullable: true,
    description:
      'Where a paid or confirmed seat stands at the door (checked-in, not-arrived, no-show); null without a ticket.',
  })
  door: DoorState | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the door let them in.',
  })
  checkedInAt: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The seat number given when the seat was taken for good (paid or confirmed); it never changes while they keep the seat. Null without a ticket.',
    example: 4,
  })
  seat: number | null;

  @ApiProperty({
    ...NULLABLE_AMOUNT_PROPERTY,
    description:
      "What the seat's payments through the provider hold now: what was paid (a move's difference included), less what went back or is going back. Null when nothing was paid through the provider.",
  })
  netPaid: AmountDto | null;

  @ApiProperty({
    ...NULLABLE_PENDING_MOVE_PROPERTY,
    description:
      'A move to a dearer slot waiting for its difference: the seat held there, the amount, until when. Null when none waits.',
  })
  pendingMove: PendingMoveDto | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt: string;

  @ApiProperty({ type: 'integer', description: 'The number of events in the registration stream.' })
  version: number;
}
