import { Query } from '@nestjs/cqrs';
import type { LinkPurpose } from '../../../notifications/visitor-links';
import type { BookingResponseDto } from './booking.response.dto';

/** The booking an email's link names, for its page (cancel, or pay for an offered seat). */
export class GetBookingQuery extends Query<BookingResponseDto> {
  constructor(
    readonly purpose: LinkPurpose,
    readonly token: unknown,
  ) {
    super();
  }
}
