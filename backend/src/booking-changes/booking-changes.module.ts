import { Module } from '@nestjs/common';
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
import { GetChangeableBookingHttpController } from './queries/get-changeable-booking/get-changeable-booking.http.controller';

/**
 * A booking's changes of plan: moved to another slot or stop, or handed on to someone else, by
 * the visitor from their email's links (while cancelling is open) and by an operator from the
 * Command Center. Every change is recorded through BookingChangeRecorder.
 */
@Module({
  imports: [RegistrationsModule],
  controllers: [
    MoveBookingHttpController,
    HandOnBookingHttpController,
    MoveFromEmailHttpController,
    HandOnFromEmailHttpController,
    GetChangeableBookingHttpController,
  ],
  providers: [
    BookingChangeRecorder,
    MoveBookingHandler,
    HandOnBookingHandler,
    MoveFromEmailHandler,
    HandOnFromEmailHandler,
  ],
})
export class BookingChangesModule {}
