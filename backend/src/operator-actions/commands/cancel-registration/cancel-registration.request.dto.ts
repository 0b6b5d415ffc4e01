import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

export class CancelRegistrationRequestDto {
  @ApiProperty({
    description:
      'Refund the payment that paid the seat (when it was paid through the payment provider): it leaves through the outbox after the cancellation, and is in the history.',
  })
  @IsDefined({ message: 'refund must be true or false' })
  @IsBoolean({ message: 'refund must be true or false' })
  refund: boolean;
}
