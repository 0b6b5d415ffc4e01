import { IntersectionType } from '@nestjs/swagger';
import { CancelFromEmailRequestDto } from '../../../checkout/commands/cancel-from-email/cancel-from-email.request.dto';
import { HandOnBookingRequestDto } from '../hand-on-booking/hand-on-booking.request.dto';

/** The email link's token, and the person the booking is handed on to. */
export class HandOnFromEmailRequestDto extends IntersectionType(
  CancelFromEmailRequestDto,
  HandOnBookingRequestDto,
) {}
