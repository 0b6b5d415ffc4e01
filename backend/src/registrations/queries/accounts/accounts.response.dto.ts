import { ApiProperty } from '@nestjs/swagger';

/** A place's (a slot's, a stop's, the tour's) money in one currency. */
export class CurrencyTotalsDto {
  @ApiProperty({ example: 'RON', description: 'ISO 4217; every figure here is in it alone.' })
  currency: string;

  @ApiProperty({ description: 'Payments received, those refunded since included.' })
  payments: number;

  @ApiProperty({
    description:
      "Seats paid through the provider and kept (no refund asked or made, but the part a cheaper move gave back); a move's difference paid counts no seat of its own.",
  })
  seatsPaid: number;

  @ApiProperty({ description: 'Every payment received, in the minor unit (bani, cents).' })
  grossMinor: number;

  @ApiProperty({ description: 'Refunds the provider confirmed.' })
  refunds: number;

  @ApiProperty({ description: 'What those refunds gave back, in the minor unit.' })
  refundedMinor: number;

  @ApiProperty({ description: 'Refunds asked and not yet confirmed by the provider (pending).' })
  refundsInFlight: number;

  @ApiProperty({ description: 'What those refunds will give back, in the minor unit (pending).' })
  refundsInFlightMinor: number;

  @ApiProperty({ description: 'grossMinor − refundedMinor: received and not given back yet.' })
  netMinor: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The provider's fees, where it reported them; null when it reported none.",
  })
  feesMinor: number | null;
}

export class SlotAccountsDto {
  @ApiProperty({ example: 'Oct 30 - 7:30pm', description: "The slot's key in the tour." })
  time: string;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'When it starts; null for a slot no longer in the tour.',
  })
  startsAt: string | null;

  @ApiProperty({ description: 'Seats held now for a payment not made yet (pending).' })
  heldSeats: number;

  @ApiProperty({ type: [CurrencyTotalsDto], description: 'One entry per currency it took.' })
  totals: CurrencyTotalsDto[];
}

export class StopNamesDto {
  @ApiProperty({ example: 'Bucharest' })
  en: string;

  @ApiProperty({ example: 'Bucarest' })
  it: string;

  @ApiProperty({ example: 'București' })
  ro: string;
}

export class StopAccountsDto {
  @ApiProperty({ example: 'bucharest', description: "The stop's (event's) slug." })
  event: string;

  @ApiProperty({
    type: StopNamesDto,
    description: "The stop's city in each language (its slug for a stop no longer in the tour).",
  })
  city: StopNamesDto;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Europe/Bucharest',
    description: "The stop's time zone, its slots' starts are read in; null once it left the tour.",
  })
  timeZone: string | null;

  @ApiProperty({ type: [SlotAccountsDto] })
  slots: SlotAccountsDto[];

  @ApiProperty({ type: [CurrencyTotalsDto], description: "The stop's slots added, per currency." })
  totals: CurrencyTotalsDto[];
}

export class AccountsDto {
  @ApiProperty({ type: [StopAccountsDto], description: 'In the tour’s order; slots by start.' })
  stops: StopAccountsDto[];

  @ApiProperty({
    type: [CurrencyTotalsDto],
    description: 'The whole tour, per currency: amounts in two currencies are never added.',
  })
  totals: CurrencyTotalsDto[];
}
