import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';

/** An amount of money in one currency, in its minor unit (3500 with RON: 35 lei). */
export class AmountDto {
  @ApiProperty({ type: 'integer', example: 3500 })
  amountMinor!: number;

  @ApiProperty({ description: 'ISO 4217.', example: 'RON' })
  currency!: string;
}

/**
 * A move to a dearer slot waiting for its difference: a seat of the target slot is held for the
 * booking until `expiresAt` while the difference is paid; the booking stays where it is until
 * then.
 */
export class PendingMoveDto extends AmountDto {
  @ApiProperty({ description: "The target slot's event.", example: 'napoli' })
  event!: string;

  @ApiProperty({ description: "The target slot's key.", example: 'Nov 3 - 8:00pm' })
  time!: string;

  @ApiProperty({ format: 'date-time', description: 'When the seat held goes back unless paid.' })
  expiresAt!: string;
}

/** The schema of an amount's fields, as AmountDto has them. */
export const AMOUNT_PROPERTIES = {
  amountMinor: { type: 'integer', example: 3500 },
  currency: { type: 'string', description: 'ISO 4217.', example: 'RON' },
} as const;

/**
 * An amount that may be absent, as a property's schema: written out (a nullable object in
 * OpenAPI 3.0 cannot be a reference), as AmountDto has it.
 */
export const NULLABLE_AMOUNT_PROPERTY: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  required: ['amountMinor', 'currency'],
  properties: AMOUNT_PROPERTIES,
};

/** A move waiting for its difference that may be absent, as PendingMoveDto has it. */
export const NULLABLE_PENDING_MOVE_PROPERTY: ApiPropertyOptions = {
  type: 'object',
  nullable: true,
  required: ['event', 'time', 'amountMinor', 'currency', 'expiresAt'],
  properties: {
    event: { type: 'string', description: "The target slot's event.", example: 'napoli' },
    time: { type: 'string', description: "The target slot's key.", example: 'Nov 3 - 8:00pm' },
    ...AMOUNT_PROPERTIES,
    expiresAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the seat held goes back unless paid.',
    },
  },
};

/** The row's columns these are read from (registration_view). */
export interface MoneyColumns {
  net_paid_minor: number | null;
  net_paid_currency: string | null;
  move_event: string | null;
  move_time: string | null;
  move_amount_minor: number | null;
  move_currency: string | null;
  move_expires_at: Date | null;
}

export const MONEY_COLUMNS =
  'net_paid_minor, net_paid_currency, move_event, move_time, move_amount_minor, move_currency, move_expires_at';

/** What the seat's payments through the provider hold now; null when it has none. */
export function netPaidOfRow(row: MoneyColumns): AmountDto | null {
  return row.net_paid_minor === null || row.net_paid_currency === null
    ? null
    : { amountMinor: row.net_paid_minor, currency: row.net_paid_currency };
}

/** The move waiting for its difference; null when none waits. */
export function pendingMoveOfRow(row: MoneyColumns): PendingMoveDto | null {
  if (
    row.move_event === null ||
    row.move_time === null ||
    row.move_amount_minor === null ||
    row.move_currency === null ||
    row.move_expires_at === null
  ) {
    return null;
  }
  return {
    event: row.move_event,
    time: row.move_time,
    amountMinor: row.move_amount_minor,
    currency: row.move_currency,
    expiresAt: new Date(row.move_expires_at).toISOString(),
  };
}
