import { ApiProperty } from '@nestjs/swagger';

export class GiveBackSeatResponseDto {
  @ApiProperty({
    enum: ['given-back', 'not-held'],
    description: 'given-back: the seat was released now; not-held: it held no seat already.',
  })
  seat!: 'given-back' | 'not-held';
}
