import { ApiProperty } from '@nestjs/swagger';

export class ResumeCheckoutResponseDto {
  @ApiProperty({ format: 'uuid' })
  registrationId!: string;

  @ApiProperty({ description: 'The open payment page to go back to.' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'When the seat hold and the page lapse.' })
  expiresAt!: string;
}
