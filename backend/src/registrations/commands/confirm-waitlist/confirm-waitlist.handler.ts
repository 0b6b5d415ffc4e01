import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../admin/admin-only.decorator';
import { assertRegistrationId } from '../../domain/registration-id';
import { Catalogue } from '../../../catalogue/catalogue';
import { enqueueNotification } from '../../../notifications/outbox';
import { confirmWaitlist } from '../../domain/operator-decisions';
import { assertExists } from '../../domain/registration';
import { RegistrationNotFoundError } from '../../domain/registration-errors';
import type { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';
import { selectAdminRegistration } from '../../queries/list-registrations/admin-registration-rows';
import { RegistrationStore } from '../../registration-store';
import { ConfirmWaitlistCommand } from './confirm-waitlist.command';

@CommandHandler(ConfirmWaitlistCommand)
export class ConfirmWaitlistHandler implements ICommandHandler<ConfirmWaitlistCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: Catalogue,
  ) {}

  execute(command: ConfirmWaitlistCommand): Promise<AdminRegistrationDto> {
    const id = command.registrationId;
    assertRegistrationId(id);
    return this.store.transaction(async (tx) => {
      const { event, time } = assertExists((await this.store.load(tx, id)).state);
      // A seat changes hands: serialise with every other seat decision of this slot, then
      // decide on the state and the counts as they are under the lock.
      await tx.lockSlot(event, time);
      const loaded = await this.store.load(tx, id);
      const [slot] = (await tx.manager.query(
        `SELECT seat_limit, held + paid + confirmed AS seats_taken
           FROM slot_capacity WHERE event = $1 AND time = $2`,
        [event, time],
      )) as { seat_limit: number; seats_taken: number }[];
      const events = confirmWaitlist(loaded.state, {
        seatLimit: slot?.seat_limit ?? this.catalogue.findSlot(event, time)?.slot.capacity ?? 0,
        seatsTaken: Number(slot?.seats_taken ?? 0),
      });
      const [recorded] = await this.store.append(
        tx,
        id,
        loaded.version,
        events,
        adminMetadata(command.actor),
      );
      await enqueueNotification(tx.manager, {
        kind: 'waiting-list-confirmed',
        registrationId: id,
        causedByPosition: recorded.recorded.globalPosition,
      });
      const registration = await selectAdminRegistration(tx.manager, id);
      if (!registration) throw new RegistrationNotFoundError();
      return registration;
    });
  }
}
