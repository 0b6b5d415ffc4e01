import { IntersectionType } from '@nestjs/swagger';
import { CancelFromEmailRequestDto } from '../../../checkout/commands/cancel-from-email/cancel-from-email.request.dto';
import { MoveBookingRequestDto } from '../move-booking/move-booking.request.dto';

/** The email link's token, and the slot to move to. */
export class MoveFromEmailRequestDto extends IntersectionType(
  CancelFromEmailRequestDto,
  MoveBookingRequestDto,
) {}
