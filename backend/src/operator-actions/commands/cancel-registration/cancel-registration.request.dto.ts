import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsOptional } from 'class-validator';
import { TextOfAtMost } from '../../../common/validation';

export const CANCELLATION_NOTE_MAX_LENGTH = 500;

export class CancelRegistrationRequestDto {
  @ApiProperty({
    description:
      'Refund the payment that paid the seat (when it was paid through the payment provider): it leaves through the outbox after the cancellation, and is in the history.',
  })
  @IsDefined({ message: 'refund must be true or false' })
  @IsBoolean({ message: 'refund must be true or false' })
  refund: boolean;

  @ApiPropertyOptional({
    description:
      "Why the booking is cancelled. Required once it is past the door (the person was checked in, or the slot has begun): the history keeps it, sealed with the person's other data.",
    maxLength: CANCELLATION_NOTE_MAX_LENGTH,
    example: 'Felt unwell and left before the performance; refunded at the door.',
  })
  @IsOptional()
  @TextOfAtMost(CANCELLATION_NOTE_MAX_LENGTH)
  reason?: string;
}
