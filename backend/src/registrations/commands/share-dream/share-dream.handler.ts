import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { shareDream } from '../../domain/registration';
import { RegistrationNotFoundError } from '../../domain/registration-errors';
import { RegistrationStore } from '../../registration-store';
import { ShareDreamCommand } from './share-dream.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@CommandHandler(ShareDreamCommand)
export class ShareDreamHandler implements ICommandHandler<ShareDreamCommand> {
  constructor(private readonly store: RegistrationStore) {}

  async execute(command: ShareDreamCommand): Promise<{ dreamId: string }> {
    if (!UUID.test(command.registrationId)) throw new RegistrationNotFoundError();
    const dreamId = randomUUID();
    await this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, command.registrationId);
      const events = shareDream(loaded.state, dreamId, command.dream);
      await this.store.append(tx, command.registrationId, loaded.version, events, {
        actor: 'visitor',
        correlationId: command.correlationId,
      });
    });
    return { dreamId };
  }
}
