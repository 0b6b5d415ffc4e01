import { ApiProperty } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { DOOR_REFUSAL_REASONS } from '../../domain/door-errors';

/** A person let in: who, where they sit, and the check-in as recorded. */
export class CheckInResponseDto {
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

  @ApiProperty({ example: 'bucharest' })
  event!: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  seat!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  checkedInAt!: string;

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

export class FirstCheckInDto {
  @ApiProperty({
    description:
      "The person's door handle: how the door names them, and useless anywhere else (no public route takes it).",
    example: 'q3J0c2Vh2wVfN7dT1xZkPA',
    pattern: '^[A-Za-z0-9_-]{22}$',
  })
  handle!: string;

  @ApiProperty({ type: String, nullable: true })
  name!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  checkedInAt!: string;

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

/** 409: checked in already; the first check-in in the log stands. */
export class CheckInConflictErrorDto extends ApiErrorDto {
  @ApiProperty({ type: FirstCheckInDto })
  checkIn!: FirstCheckInDto;
}

/** 422: the ticket or registration does not open this door, and why. */
export class CheckInRefusedErrorDto extends ApiErrorDto {
  @ApiProperty({ enum: DOOR_REFUSAL_REASONS })
  reason!: string;

  @ApiProperty({ required: false, description: "The registration's name, when known." })
  name?: string;

  @ApiProperty({ required: false, description: "The registration's event, when known." })
  event?: string;

  @ApiProperty({ required: false, description: "The registration's slot, when known." })
  time?: string;
}

/** 400: a ticket that does not verify (forged) or parse (unreadable); or a validation error. */
export class TicketRejectedErrorDto extends ApiErrorDto {
  @ApiProperty({ enum: ['forged', 'unreadable'], required: false })
  reason?: string;
}
