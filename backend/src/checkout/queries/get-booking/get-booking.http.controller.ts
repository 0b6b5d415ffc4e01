import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { PublicQuery, type RouteDoc } from '../../../common/api-refusals';
import { InvalidLinkError } from '../../../notifications/invalid-link-error';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { BookingResponseDto } from './booking.response.dto';
import { GetBookingQuery } from './get-booking.query';

/** What the token of an email's link is, for whoever integrates with it. */
const LINK_TOKEN =
  "The capability of the email's link: a token signed by the site (HMAC) naming one registration and what the link allows, until it expires. It is the only credential, so the link is to be kept private; logs write it as :token.";

/** A booking read by an email's link: the token parameter, the booking, and their refusals. */
export function BookingByLink(doc: Pick<RouteDoc, 'operationId' | 'summary' | 'description'>) {
  return applyDecorators(
    ApiQuery({
      name: 'token',
      required: true,
      description: LINK_TOKEN,
      schema: { type: 'string' },
    }),
    PublicQuery({
      ...doc,
      ok: BookingResponseDto,
      refusals: [InvalidLinkError, RegistrationNotFoundError],
    }),
  );
}

@ApiTags('registrations')
@Controller()
export class GetBookingHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations/cancel/booking')
  @BookingByLink({
    operationId: 'getCancellationBooking',
    summary: "The booking a confirmation email's cancellation link names",
    description:
      'For the cancellation page: the event, the slot, the name, and until when it may be cancelled.',
  })
  cancellation(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('cancel', token));
  }

  @Get('api/registrations/offer/booking')
  @BookingByLink({
    operationId: 'getOfferBooking',
    summary: "The booking a waiting-list offer's link names",
    description:
      'For the offer page: the event, the slot, the name, and until when the seat is held.',
  })
  offer(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('offer', token));
  }
}
