import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { BookingResponseDto } from '../../../checkout/queries/get-booking/booking.response.dto';
import { BookingByLink } from '../../../checkout/queries/get-booking/get-booking.http.controller';
import { GetBookingQuery } from '../../../checkout/queries/get-booking/get-booking.query';

/**
 * The booking an email's move or hand-on link names, for its page: read as the cancellation
 * page reads it (its `cancellationOpen` and `cancellableUntil` are the window of every change
 * the visitor makes from the email).
 */
@ApiTags('registrations')
@Controller()
export class GetChangeableBookingHttpController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('api/registrations/move/booking')
  @BookingByLink({
    operationId: 'getMoveBooking',
    summary: "The booking an email's move link names",
    description:
      'For the move page: the event, the slot, the name, and until when it may be moved (cancellableUntil, cancellationOpen: the same window as cancelling).',
  })
  move(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('move', token));
  }

  @Get('api/registrations/hand-on/booking')
  @BookingByLink({
    operationId: 'getHandOnBooking',
    summary: "The booking an email's hand-on link names",
    description:
      'For the hand-on page: the event, the slot, the name, and until when it may be handed on (cancellableUntil, cancellationOpen: the same window as cancelling).',
  })
  handOn(@Query('token') token: unknown): Promise<BookingResponseDto> {
    return this.queryBus.execute(new GetBookingQuery('hand-on', token));
  }
}
