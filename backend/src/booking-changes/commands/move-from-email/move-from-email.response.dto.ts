import { ApiProperty } from '@nestjs/swagger';
import {
  AMOUNT_PROPERTIES,
  type AmountDto,
  NULLABLE_PENDING_MOVE_PROPERTY,
  type PendingMoveDto,
} from '../../../registrations/queries/pending-move.dto';

export const MOVE_OUTCOMES = ['moved', 'payment-due'] as const;
export const DIFFERENCE_SETTLED = ['paid', 'refunded', 'waived'] as const;

/** What became of a difference of price when the booking moved. */
export interface MoveDifferenceDto extends AmountDto {
  settled: (typeof DIFFERENCE_SETTLED)[number];
}

/** The payment page of a move's difference. */
export class DifferenceCheckoutDto {
  @ApiProperty({ description: 'The payment page of the difference.' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'When the seat held goes back unless paid.' })
  expiresAt!: string;
}

/** What the visitor's move came to. */
export class MoveFromEmailResponseDto {
  @ApiProperty({
    enum: MOVE_OUTCOMES,
    description:
      'moved: the booking is in the new slot (a new ticket is on its way); payment-due: a seat there is held while the visitor pays the difference (checkout), and the booking moves once it is paid.',
  })
  outcome!: (typeof MOVE_OUTCOMES)[number];

  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['amountMinor', 'currency', 'settled'],
    properties: {
      ...AMOUNT_PROPERTIES,
      settled: { type: 'string', enum: [...DIFFERENCE_SETTLED] },
    },
    description:
      'The difference of price of a move made, when the seat paid another price: refunded (a cheaper slot, on its way back to the card), paid or waived (a dearer one).',
  })
  difference!: MoveDifferenceDto | null;

  @ApiProperty({
    ...NULLABLE_PENDING_MOVE_PROPERTY,
    description: 'The move waiting for its difference (payment-due).',
  })
  pendingMove!: PendingMoveDto | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['url', 'expiresAt'],
    properties: {
      url: { type: 'string', description: 'The payment page of the difference.' },
      expiresAt: {
        type: 'string',
        format: 'date-time',
        description: 'When the seat held goes back unless paid.',
      },
    },
    description: "The difference's payment page (payment-due).",
  })
  checkout!: DifferenceCheckoutDto | null;
}
