import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export class DeleteRegistrationRequestDto {
  @ApiPropertyOptional({
    description:
      'When the registration was paid through the payment provider: refund the payment (true, the default) or keep it (false). The refund leaves after the deletion, through the outbox, and is in the history.',
    enum: ['true', 'false'],
    default: 'true',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'refund must be true or false' })
  refund?: 'true' | 'false';
}
