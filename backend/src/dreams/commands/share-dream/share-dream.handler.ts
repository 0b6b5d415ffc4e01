import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import { shareDream } from '../../../registrations/domain/registration';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { RegistrationStore } from '../../../registrations/registration-store';
import { LiveTour } from '../../../tour/live-tour';
import { ShareDreamCommand } from './share-dream.command';

/**
 * A further dream, up to SHARED_DREAMS_PER_REGISTRATION of them: the stream stays short, so
 * every later write to the registration (which replays it) and its history stay cheap.
 */
@CommandHandler(ShareDreamCommand)
export class ShareDreamHandler implements ICommandHandler<ShareDreamCommand> {
  constructor(
    private readonly store: RegistrationStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: LiveTour,
  ) {}

  async execute(command: ShareDreamCommand): Promise<{ dreamId: string }> {
    assertRegistrationId(command.registrationId);
    const dreamId = randomUUID();
    await this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, command.registrationId);
      const events = shareDream(
        loaded.state,
        dreamId,
        command.dream,
        this.config.sharedDreamsPerRegistration,
        {
          startsAt: loaded.state && this.catalogue.startOf(loaded.state.event, loaded.state.time),
          now: new Date(),
        },
      );
      await this.store.append(tx, loaded, events, {
        actor: 'visitor',
        correlationId: command.correlationId,
      });
    });
    return { dreamId };
  }
}
