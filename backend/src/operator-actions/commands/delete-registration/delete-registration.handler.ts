import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MailTransport } from '../../../notifications/mail-transport';
import { adminMetadata } from '../../../auth/admin-actor';
import { forgetRecipient, forgetRecipientErrors } from '../../../notifications/outbox';
import { assertRegistrationId } from '../../../registrations/domain/registration-id';
import { shredPersonalDataKey } from '../../../personal-data/personal-data-vault';
import { forgetAnswersNamingRegistration } from '../../../common/idempotent-answers';
import { deleteRegistration } from '../../../registrations/domain/operator-decisions';
import { refundOnDeletion } from '../../../registrations/domain/payment-decisions';
import { RefundWorker } from '../../../checkout/refund-worker';
import { assertExists } from '../../../registrations/domain/registration';
import { RegistrationNotFoundError } from '../../../registrations/domain/registration-errors';
import { registrationStreamId } from '../../../registrations/domain/registration-events';
import { RegistrationStore } from '../../../registrations/registration-store';
import { DeleteRegistrationCommand } from './delete-registration.command';

/**
 * Erasure, in one transaction: RegistrationDeleted is recorded (the projection drops the read
 * model row and frees the seat), the registration's personal data key is shredded (every
 * sealed name, email, phone and dream in the log becomes unreadable for good), and the
 * messages still queued for the person are cancelled, their error texts cleared. Then, once
 * committed, the copies of sent messages the mail transport keeps (.eml files) are removed; a
 * message being sent at that very moment is removed by the outbox worker when it finds the
 * registration gone. When the registration was paid through the provider and the operator asks for it, RefundRequested is
 * recorded first and the refund queued: the RefundWorker sends it after COMMIT.
 */
@CommandHandler(DeleteRegistrationCommand)
export class DeleteRegistrationHandler implements ICommandHandler<DeleteRegistrationCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly transport: MailTransport,
    private readonly refunds: RefundWorker,
  ) {}

  async execute(command: DeleteRegistrationCommand): Promise<void> {
    const id = command.registrationId;
    assertRegistrationId(id);
    await this.store.transaction(async (tx) => {
      const locked = await this.store.loadUnderSlotLock(tx, id);
      if (!locked) throw new RegistrationNotFoundError();
      const { loaded } = locked;
      const state = assertExists(locked.state);
      const events = [...refundOnDeletion(state, command.refund), ...deleteRegistration(state)];
      const recorded = await this.store.append(tx, loaded, events, adminMetadata(command.actor));
      await shredPersonalDataKey(tx.manager, registrationStreamId(id));
      // Refunds still to send stay: they carry no personal data, and the money must go back.
      await forgetRecipient(tx.manager, id);
      // The answers kept for Idempotency-Key retries name the registration.
      await forgetAnswersNamingRegistration(tx.manager, id);
      await this.refunds.queue(tx, recorded);
      // A transport's error text may quote an address; nothing of the person may stay.
      await forgetRecipientErrors(tx.manager, id);
    });
    await this.transport.eraseCopiesOf(id);
  }
}
