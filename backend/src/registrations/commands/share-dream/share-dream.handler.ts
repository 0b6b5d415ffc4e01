import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { shareDream } from '../../domain/registration';
import { assertRegistrationId } from '../../domain/registration-id';
import { RegistrationStore } from '../../registration-store';
import { ShareDreamCommand } from './share-dream.command';

@CommandHandler(ShareDreamCommand)
export class ShareDreamHandler implements ICommandHandler<ShareDreamCommand> {
  constructor(private readonly store: RegistrationStore) {}

  async execute(command: ShareDreamCommand): Promise<{ dreamId: string }> {
    assertRegistrationId(command.registrationId);
    const dreamId = randomUUID();
    await this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, command.registrationId);
      const events = shareDream(loaded.state, dreamId, command.dream);
      await this.store.append(tx, loaded, events, {
        actor: 'visitor',
        correlationId: command.correlationId,
      });
    });
    return { dreamId };
  }
}
