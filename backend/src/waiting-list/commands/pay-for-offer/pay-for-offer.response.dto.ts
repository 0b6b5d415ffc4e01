import { ApiProperty } from '@nestjs/swagger';

export class PayForOfferResponseDto {
  @ApiProperty({ description: 'The payment page of the offered seat.' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'When the offer lapses unless paid.' })
  expiresAt!: string;
}
