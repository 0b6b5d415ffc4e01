import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LiveTour } from '../../../tour/live-tour';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { VisitorLinks } from '../../../notifications/visitor-links';
import { CancellationRecorder } from '../../cancellation-recorder';
import { cancelByVisitor } from '../../../registrations/domain/cancellations';
import { visitorCancellationClosesAt } from '../../../tour/domain/registration-window';
import { RegistrationStore } from '../../../registrations/registration-store';
import { CancelFromEmailCommand } from './cancel-from-email.command';

/**
 * The visitor cancels their seat from the link in their confirmation email, until
 * CANCELLATION_CLOSES_HOURS_BEFORE the slot: the seat goes back and what was paid is refunded,
 * by the operator's path (CancellationRecorder).
 */
@CommandHandler(CancelFromEmailCommand)
export class CancelFromEmailHandler implements ICommandHandler<CancelFromEmailCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly cancellations: CancellationRecorder,
    private readonly links: VisitorLinks,
    private readonly catalogue: LiveTour,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: CancelFromEmailCommand): Promise<void> {
    const now = new Date();
    const id = await this.links.registrationOf('cancel', command.token, now);
    await this.store.transaction((tx) =>
      this.cancellations.record(
        tx,
        id,
        (state) => {
          const startsAt = this.catalogue.startOf(state.event, state.time);
          const closesAt = visitorCancellationClosesAt(
            startsAt ?? now,
            this.config.cancellationClosesHoursBefore,
          );
          return cancelByVisitor(state, now, closesAt, startsAt);
        },
        { actor: 'visitor', correlationId: command.correlationId },
      ),
    );
  }
}
