import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MoveTargetDto } from './move-target.dto';

export const DIFFERENCE_CHOICES = ['waive', 'ask'] as const;

/**
 * The slot to move a booking to, and, when a seat there costs more than the booking paid
 * through the provider, what becomes of the difference.
 */
export class MoveBookingRequestDto extends MoveTargetDto {
  @ApiPropertyOptional({
    enum: DIFFERENCE_CHOICES,
    description:
      "Only for a seat paid through the provider moving to a dearer slot (else ignored; without it such a move is refused with move-difference-unsettled): 'waive' moves it now and the visitor pays nothing more; 'ask' holds a seat there for WAITING_LIST_OFFER_MINUTES and emails the visitor a link to pay the difference; the booking moves once it is paid.",
  })
  @IsOptional()
  @IsIn(DIFFERENCE_CHOICES, { message: 'difference must be one of: waive, ask' })
  difference?: (typeof DIFFERENCE_CHOICES)[number];
}
