import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { CancellationRecorder } from '../../../checkout/cancellation-recorder';
import { cancelRegistration } from '../../../registrations/domain/cancellations';
import { pastTheDoor } from '../../../registrations/domain/registration';
import { LiveTour } from '../../../tour/live-tour';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { RegistrationStore } from '../../../registrations/registration-store';
import { CancelRegistrationCommand } from './cancel-registration.command';

/**
 * An operator cancels a registration, with or without a refund; the person is kept. A seat held
 * or offered unpaid has its payment page closed with the provider first.
 */
@CommandHandler(CancelRegistrationCommand)
export class CancelRegistrationHandler implements ICommandHandler<CancelRegistrationCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly cancellations: CancellationRecorder,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: CancelRegistrationCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    // A seat held or offered unpaid: its payment page is closed first, so it cannot be paid.
    await this.cancellations.closePaymentPage(id, adminMetadata(command.actor));
    return this.store.transaction(async (tx) => {
      await this.cancellations.record(
        tx,
        id,
        (state) =>
          cancelRegistration(state, 'operator', command.refund, {
            past: pastTheDoor(state, this.catalogue.startOf(state.event, state.time), new Date()),
            note: command.note,
          }),
        adminMetadata(command.actor),
      );
    });
  }
}
