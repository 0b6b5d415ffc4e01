import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { HandOnBookingCommand } from './hand-on-booking.command';

/** An operator hands a booking on to someone else (see handOnBooking). */
@CommandHandler(HandOnBookingCommand)
export class HandOnBookingHandler implements ICommandHandler<HandOnBookingCommand> {
  constructor(private readonly changes: BookingChangeRecorder) {}

  execute(command: HandOnBookingCommand): Promise<string> {
    assertRegistrationId(command.registrationId);
    return this.changes.handOn(command.registrationId, command.person, {
      by: 'operator',
      metadata: adminMetadata(command.actor),
    });
  }
}
