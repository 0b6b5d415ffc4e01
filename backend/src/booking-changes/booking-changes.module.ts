import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module';
import { RegistrationsModule } from '../registrations/registrations.module';
import { BookingChangeRecorder } from './booking-change-recorder';
import { HandOnBookingHandler } from './commands/hand-on-booking/hand-on-booking.handler';
import { HandOnBookingHttpController } from './commands/hand-on-booking/hand-on-booking.http.controller';
import { HandOnFromEmailHandler } from './commands/hand-on-from-email/hand-on-from-email.handler';
import { HandOnFromEmailHttpController } from './commands/hand-on-from-email/hand-on-from-email.http.controller';
import { MoveBookingHandler } from './commands/move-booking/move-booking.handler';
import { MoveBookingHttpController } from './commands/move-booking/move-booking.http.controller';
import { MoveFromEmailHandler } from './commands/move-from-email/move-from-email.handler';
import { MoveFromEmailHttpController } from './commands/move-from-email/move-from-email.http.controller';
import { PayMoveDifferenceHandler } from './commands/pay-move-difference/pay-move-difference.handler';
import { PayMoveDifferenceHttpController } from './commands/pay-move-difference/pay-move-difference.http.controller';
import { GetChangeableBookingHttpController } from './queries/get-changeable-booking/get-changeable-booking.http.controller';

/**
 * A booking's changes of plan: moved to another slot or stop, or handed on to someone else, by
 * the visitor from their email's links (while cancelling is open) and by an operator from the
 * Command Center; a move to a slot of another price pays or refunds the difference (the
 * payment pages and refunds of the checkout module). Every change is recorded through
 * BookingChangeRecorder.
 */
@Module({
  imports: [RegistrationsModule, CheckoutModule],
  controllers: [
    MoveBookingHttpController,
    HandOnBookingHttpController,
    MoveFromEmailHttpController,
    PayMoveDifferenceHttpController,
    HandOnFromEmailHttpController,
    GetChangeableBookingHttpController,
  ],
  providers: [
    BookingChangeRecorder,
    MoveBookingHandler,
    HandOnBookingHandler,
    MoveFromEmailHandler,
    PayMoveDifferenceHandler,
    HandOnFromEmailHandler,
  ],
})
export class BookingChangesModule {}
