import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { editDream } from '../../../registrations/domain/operator-decisions';
import { RegistrationStore } from '../../../registrations/registration-store';
import { EditDreamCommand } from './edit-dream.command';

/** Records DreamEdited; the same value again records nothing. */
@CommandHandler(EditDreamCommand)
export class EditDreamHandler implements ICommandHandler<EditDreamCommand> {
  constructor(private readonly store: RegistrationStore) {}

  execute(command: EditDreamCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    return this.store.transaction(async (tx) => {
      const loaded = await this.store.load(tx, id);
      const events = editDream(loaded.state, command.dream);
      await this.store.append(tx, loaded, events, adminMetadata(command.actor));
    });
  }
}
