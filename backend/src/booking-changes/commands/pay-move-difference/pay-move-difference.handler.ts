import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LiveTour } from '../../../tour/live-tour';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { assertExists, assertVisitorMayChange } from '../../../registrations/domain/registration';
import { RegistrationStore } from '../../../registrations/registration-store';
import { BookingChangeRecorder } from '../../booking-change-recorder';
import { PayMoveDifferenceCommand } from './pay-move-difference.command';
import type { DifferenceCheckoutDto } from '../move-from-email/move-from-email.response.dto';

/**
 * The payment page of the difference a booking's move waits for, from the email's move link:
 * the visitor's own move they came back to, or one an operator asked them to pay. Open while the
 * seat is held for the move, never past the door.
 */
@CommandHandler(PayMoveDifferenceCommand)
export class PayMoveDifferenceHandler implements ICommandHandler<PayMoveDifferenceCommand> {
  constructor(
    private readonly changes: BookingChangeRecorder,
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
    private readonly links: VisitorLinks,
  ) {}

  async execute(command: PayMoveDifferenceCommand): Promise<DifferenceCheckoutDto> {
    const now = new Date();
    const id = await this.links.registrationOf('move', command.token, now);
    const { state } = await this.store.transaction((tx) => this.store.load(tx, id));
    const registration = assertExists(state);
    assertVisitorMayChange(
      registration,
      this.catalogue.startOf(registration.event, registration.time),
      now,
    );
    return this.changes.differencePage(id, {
      actor: 'visitor',
      correlationId: command.correlationId,
    });
  }
}
