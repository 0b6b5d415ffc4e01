import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../admin/admin-only.decorator';
import { assertRegistrationId } from '../../domain/registration-id';
import { shredPersonalDataKey } from '../../../personal-data/personal-data-vault';
import { deleteRegistration } from '../../domain/operator-decisions';
import { assertExists } from '../../domain/registration';
import { registrationStreamId } from '../../domain/registration-events';
import { RegistrationStore } from '../../registration-store';
import { DeleteRegistrationCommand } from './delete-registration.command';

/**
 * Erasure, in one transaction: RegistrationDeleted is recorded (the projection drops the read
 * model row and frees the seat), the registration's personal data key is shredded (every
 * sealed name, email, phone and dream in the log becomes unreadable for good), and the
 * messages still queued for the person are cancelled, their error texts cleared.
 */
@CommandHandler(DeleteRegistrationCommand)
export class DeleteRegistrationHandler implements ICommandHandler<DeleteRegistrationCommand> {
  constructor(private readonly store: RegistrationStore) {}

  async execute(command: DeleteRegistrationCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    await this.store.transaction(async (tx) => {
      const { event, time } = assertExists((await this.store.load(tx, id)).state);
      await tx.lockSlot(event, time);
      const loaded = await this.store.load(tx, id);
      const events = deleteRegistration(loaded.state);
      await this.store.append(tx, loaded, events, adminMetadata(command.actor));
      await shredPersonalDataKey(tx.manager, registrationStreamId(id));
      await tx.manager.query(
        `UPDATE outbox SET cancelled_at = now()
          WHERE registration_id = $1 AND sent_at IS NULL AND cancelled_at IS NULL`,
        [id],
      );
      // A transport's error text may quote an address; nothing of the person may stay.
      await tx.manager.query(
        `UPDATE outbox SET last_error = NULL WHERE registration_id = $1 AND last_error IS NOT NULL`,
        [id],
      );
    });
  }
}
