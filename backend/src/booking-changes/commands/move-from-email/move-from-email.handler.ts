import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { MoveFromEmailCommand } from './move-from-email.command';

/**
 * The visitor moves their booking from the link in their email, while cancelling from it is
 * still open (see assertVisitorMayChangeBooking), to a slot that takes registrations.
 */
@CommandHandler(MoveFromEmailCommand)
export class MoveFromEmailHandler implements ICommandHandler<MoveFromEmailCommand> {
  constructor(
    private readonly changes: BookingChangeRecorder,
    private readonly links: VisitorLinks,
  ) {}

  async execute(command: MoveFromEmailCommand): Promise<void> {
    const id = await this.links.registrationOf('move', command.token, new Date());
    await this.changes.move(
      id,
      { event: command.event, time: command.time },
      { by: 'visitor', metadata: { actor: 'visitor', correlationId: command.correlationId } },
    );
  }
}
