import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { HandOnFromEmailCommand } from './hand-on-from-email.command';

/**
 * The visitor hands their booking on from the link in their email, while cancelling from it is
 * still open (see assertVisitorMayChangeBooking).
 */
@CommandHandler(HandOnFromEmailCommand)
export class HandOnFromEmailHandler implements ICommandHandler<HandOnFromEmailCommand> {
  constructor(
    private readonly changes: BookingChangeRecorder,
    private readonly links: VisitorLinks,
  ) {}

  async execute(command: HandOnFromEmailCommand): Promise<void> {
    const id = await this.links.registrationOf('hand-on', command.token, new Date());
    await this.changes.handOn(id, command.person, {
      by: 'visitor',
      metadata: { actor: 'visitor', correlationId: command.correlationId },
    });
  }
}
