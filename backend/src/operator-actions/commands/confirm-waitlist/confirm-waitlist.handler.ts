import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { confirmWaitlist } from '../../../registrations/domain/operator-decisions';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { RegistrationStore } from '../../../registrations/registration-store';
import { ConfirmWaitlistCommand } from './confirm-waitlist.command';

@CommandHandler(ConfirmWaitlistCommand)
export class ConfirmWaitlistHandler implements ICommandHandler<ConfirmWaitlistCommand> {
  constructor(private readonly store: RegistrationStore) {}

  execute(command: ConfirmWaitlistCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    return this.store.transaction(async (tx) => {
      // A seat changes hands: serialise with every other seat decision of this slot, then
      // decide on the state and the seats as they are under the lock.
      const locked = await this.store.loadUnderSlotLock(tx, id);
      if (!locked || locked.state.status === 'deleted') throw new RegistrationNotFoundError();
      const { loaded, seats } = locked;
      await this.store.append(
        tx,
        loaded,
        confirmWaitlist(loaded.state, seats),
        adminMetadata(command.actor),
      );
    });
  }
}
