import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ApiErrorDto } from '../../../../common/api-error.dto';
import { DOOR_REFUSAL_REASONS } from '../../domain/door-errors';
import { DoorPersonDto } from '../door-person.dto';

/** A person let in: who, where they sit, and the check-in as recorded. */
export class CheckInResponseDto extends DoorPersonDto {
  @ApiProperty({ example: 'bucharest' })
  event!: string;

  @ApiProperty({ example: 'Oct 30 - 7:30pm' })
  time!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  seat!: number;
}

export class FirstCheckInDto extends OmitType(DoorPersonDto, ['shortId', 'name'] as const) {
  @ApiProperty({ type: String, nullable: true })
  name!: string | null;
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
