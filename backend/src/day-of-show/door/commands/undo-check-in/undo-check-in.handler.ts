import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../../auth/admin-actor';
import { assertExists } from '../../../../registrations/domain/registration';
import { RegistrationNotFoundError } from '../../../../registrations/domain/registration-errors';
import { registrationOfDoorHandle } from '../../../../registrations/queries/registration-reads';
import { RegistrationStore } from '../../../../registrations/registration-store';
import { undoCheckIn } from '../../domain/door-decisions';
import { UndoCheckInCommand } from './undo-check-in.command';

/** Records CheckInUndone: 404 for an unknown door handle, 409 for one not checked in. */
@CommandHandler(UndoCheckInCommand)
export class UndoCheckInHandler implements ICommandHandler<UndoCheckInCommand> {
  constructor(private readonly store: RegistrationStore) {}

  async execute(command: UndoCheckInCommand): Promise<void> {
    await this.store.transaction(async (tx) => {
      const id = await registrationOfDoorHandle(tx.manager, command.handle);
      if (!id) throw new RegistrationNotFoundError();
      const loaded = await this.store.load(tx, id);
      const events = undoCheckIn(assertExists(loaded.state));
      await this.store.append(tx, loaded, events, adminMetadata(command.actor));
    });
  }
}
