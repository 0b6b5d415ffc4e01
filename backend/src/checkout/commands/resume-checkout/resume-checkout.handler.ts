import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { resumeCheckout } from '../../../registrations/domain/registration';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { RegistrationStore } from '../../../registrations/registration-store';
import { LiveTour } from '../../../tour/live-tour';
import { ResumeCheckoutCommand, type ResumeCheckoutResult } from './resume-checkout.command';

/** Back to the payment page the visitor left, while their seat is still held. */
@CommandHandler(ResumeCheckoutCommand)
export class ResumeCheckoutHandler implements ICommandHandler<ResumeCheckoutCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: ResumeCheckoutCommand): Promise<ResumeCheckoutResult> {
    assertRegistrationId(command.registrationId);
    const loaded = await this.store.transaction((tx) =>
      this.store.load(tx, command.registrationId),
    );
    const open = resumeCheckout(
      loaded.state,
      loaded.history.map((item) => item.event),
      new Date(),
      loaded.state && this.catalogue.startOf(loaded.state.event, loaded.state.time),
    );
    return { registrationId: command.registrationId, ...open };
  }
}
