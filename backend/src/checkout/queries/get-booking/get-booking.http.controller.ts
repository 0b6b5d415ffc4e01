import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrorDto } from '../../../common/api-error.dto';
import { BookingResponseDto } from './booking.response.dto';
import { GetBookingQuery } from './get-booking.query';

/** What the token of an email's link is, for whoever integrates with it. */
const LINK_TOKEN =
  "The capability of the email's link: a token signed by the site (HMAC) naming one registration and what the link allows, until it expires. It is the only credential, so the link is to be kept private; logs write it as :token.";

/** The token parameter and the answers both booking reads share: one description of the link. */
function BookingByLinkAnswers() {
  return applyDecorators(
    ApiQuery({
      name: 'token',
      required: true,
      description: LINK_TOKEN,
      schema: { type: 'string' },
    }),
    ApiOkResponse({ type: BookingResponseDto }),
    ApiBadRequestResponse({
      type: ApiErrorDto,
      description: 'The token is missing, altered or expired.',
    }),
    ApiNotFoundResponse({ type: ApiErrorDto, description: 'The registration no longer exists.' }),
  );
}

@ApiTags('registrations')
@Controller()
export class GetBookingHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations/cancel/booking')
  @ApiOperation({
    operationId: 'getCancellationBooking',
    summary: "The booking a confirmation email's cancellation link names",
    description:
      'For the cancellation page: the event, the slot, the name, and until when it may be cancelled.',
  })
  @BookingByLinkAnswers()
  cancellation(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('cancel', token));
  }

  @Get('api/registrations/offer/booking')
  @ApiOperation({
    operationId: 'getOfferBooking',
    summary: "The booking a waiting-list offer's link names",
    description:
      'For the offer page: the event, the slot, the name, and until when the seat is held.',
  })
  @BookingByLinkAnswers()
  offer(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('offer', token));
  }
}
