import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { setDreamCaptured } from '../../../registrations/domain/operator-decisions';
import { RegistrationStore } from '../../../registrations/registration-store';
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
