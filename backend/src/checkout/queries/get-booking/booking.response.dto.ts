import { ApiProperty } from '@nestjs/swagger';
import { NULLABLE_TICKET_PROPERTY, type TicketDto } from '../visitor-ticket';
import {
  NULLABLE_AMOUNT_PROPERTY,
  NULLABLE_PENDING_MOVE_PROPERTY,
  type AmountDto,
  type PendingMoveDto,
} from '../../../registrations/queries/pending-move.dto';
import {
  REGISTRATION_STATUSES,
  type PastTheDoor,
  type RegistrationStatus,
} from '../../../registrations/domain/registration';

export const PAST_THE_DOOR: readonly PastTheDoor[] = ['checked-in', 'started'];

/** What a visitor's page shows of the booking its link names. */
export class BookingResponseDto {
  @ApiProperty({ description: "The event's slug." })
  event!: string;

  @ApiProperty({ description: "The slot's label, e.g. '7:30pm'." })
  time!: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  startsAt!: string | null;

  @ApiProperty({ description: 'The name the booking was made in.' })
  name!: string;

  @ApiProperty({ enum: REGISTRATION_STATUSES })
  status!: RegistrationStatus;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Until when the visitor may cancel from the link (null: the slot is unknown).',
  })
  cancellableUntil!: string | null;

  @ApiProperty({
    description: 'Whether the visitor may still cancel it from the link (until cancellableUntil).',
  })
  cancellationOpen!: boolean;

  @ApiProperty({
    // OpenAPI 3.0: a nullable enum lists null among its values.
    enum: [...PAST_THE_DOOR, null],
    nullable: true,
    description:
      'Why the visitor can no longer change the booking: checked-in (let in at the door) or started (the performance has begun); null before. The page says why instead of offering the button.',
  })
  pastTheDoor!: PastTheDoor | null;

  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Until when an offered seat is held for payment (null: no offer open).',
  })
  offerExpiresAt!: string | null;

  @ApiProperty({
    ...NULLABLE_TICKET_PROPERTY,
    description:
      'The ticket to show at the door, while the seat is paid or confirmed; null otherwise.',
  })
  ticket!: TicketDto | null;

  @ApiProperty({
    ...NULLABLE_AMOUNT_PROPERTY,
    description:
      'What the seat paid through the provider and keeps (less what went back): a move to another slot pays or refunds the difference from its price. Null when nothing was paid through the provider (then a move changes no money).',
  })
  netPaid!: AmountDto | null;

  @ApiProperty({
    ...NULLABLE_PENDING_MOVE_PROPERTY,
    description:
      'A move to a dearer slot waiting for its difference (the seat held there until expiresAt): POST /api/registrations/move/checkout answers its payment page. Null when none waits.',
  })
  pendingMove!: PendingMoveDto | null;
}
