import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { operatorNotFound } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { NO_SUCH_PASSKEY } from '../../account/account-refusals';
import { noticeFactorChange } from '../../account/factor-notices';
import { removePasskey } from '../../credentials/passkeys';
import { OperatorStore } from '../../operator-store';
import { RemoveOperatorPasskeyCommand } from './remove-operator-passkey.command';

/**
 * The owner removes one of an operator's passkeys (a lost device, or one planted with a stolen
 * session): it signs no one in from then on. The last one too: the operator then sets up a
 * second factor again before anything else. OperatorPasskeyRemoved, and the operator emailed.
 */
@CommandHandler(RemoveOperatorPasskeyCommand)
export class RemoveOperatorPasskeyHandler implements ICommandHandler<RemoveOperatorPasskeyCommand> {
  constructor(
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, operatorId, passkeyId }: RemoveOperatorPasskeyCommand): Promise<void> {
    if (isOwner(operatorId)) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      if (!loaded.state) throw operatorNotFound();
      const removed = await removePasskey(manager, operatorId, passkeyId);
      if (!removed) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyRemoved',
            data: { operatorId, passkeyId, name: removed.name },
          },
        ],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId, change: 'passkey-removed', by: 'owner', passkeyName: removed.name },
        recorded,
      );
    });
    this.outbox.nudge();
  }
}
