import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { MoveFromEmailCommand } from './move-from-email.command';
import type { MoveFromEmailResponseDto } from './move-from-email.response.dto';

/**
 * The visitor moves their booking from the link in their email, while cancelling from it is
 * still open (see assertVisitorMayChangeBooking), to a slot that takes registrations: at once,
 * or, to a dearer slot, once the difference is paid on the page answered.
 */
@CommandHandler(MoveFromEmailCommand)
export class MoveFromEmailHandler implements ICommandHandler<MoveFromEmailCommand> {
  constructor(
    private readonly changes: BookingChangeRecorder,
    private readonly links: VisitorLinks,
  ) {}

  async execute(command: MoveFromEmailCommand): Promise<MoveFromEmailResponseDto> {
    const id = await this.links.registrationOf('move', command.token, new Date());
    const result = await this.changes.move(
      id,
      { event: command.event, time: command.time },
      { by: 'visitor', metadata: { actor: 'visitor', correlationId: command.correlationId } },
    );
    if (result.outcome === 'moved') {
      return { outcome: 'moved', difference: result.difference, pendingMove: null, checkout: null };
    }
    const { event, time, amountMinor, currency, expiresAt } = result.due;
    return {
      outcome: 'payment-due',
      difference: null,
      pendingMove: { event, time, amountMinor, currency, expiresAt },
      checkout: result.checkout,
    };
  }
}
