import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../domain/registration-id';
import { setDreamCaptured } from '../../domain/operator-decisions';
import { RegistrationStore } from '../../registration-store';
import { SetDreamCapturedCommand } from './set-dream-captured.command';

/** Records DreamCapturedSet; the same value again records nothing. */
@CommandHandler(SetDreamCapturedCommand)
export class SetDreamCapturedHandler implements ICommandHandler<SetDreamCapturedCommand> {
  constructor(private readonly store: RegistrationStore) {}

  execute(command: SetDreamCapturedCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    return this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, id);
      const events = setDreamCaptured(loaded.state, command.dreamedCaptured);
      await this.store.append(tx, loaded, events, adminMetadata(command.actor));
    });
  }
}
