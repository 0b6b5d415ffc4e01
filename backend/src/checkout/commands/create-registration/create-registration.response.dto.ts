import { ApiPropertyOptional } from '@nestjs/swagger';

export class CreateRegistrationResponseDto {
  @ApiPropertyOptional({ description: 'The payment page; present when a seat is held.' })
  url?: string;

  @ApiPropertyOptional({ description: 'True when the visitor joined the waiting list.' })
  success?: boolean;

  @ApiPropertyOptional({ description: 'True when the slot was full: no payment is taken.' })
  waitingList?: boolean;

  @ApiPropertyOptional({ format: 'uuid' })
  registrationId?: string;
}
