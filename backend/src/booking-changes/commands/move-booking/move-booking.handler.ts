import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { MoveBookingCommand } from './move-booking.command';

/**
 * An operator moves a booking to another slot, at any time (see moveBooking): to a dearer slot,
 * the difference waived, or asked of the visitor (a seat held there, the link emailed).
 */
@CommandHandler(MoveBookingCommand)
export class MoveBookingHandler implements ICommandHandler<MoveBookingCommand> {
  constructor(private readonly changes: BookingChangeRecorder) {}

  async execute(command: MoveBookingCommand): Promise<void> {
    assertRegistrationId(command.registrationId);
    await this.changes.move(
      command.registrationId,
      { event: command.event, time: command.time },
      { by: 'operator', metadata: adminMetadata(command.actor) },
      { difference: command.difference },
    );
  }
}
