import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { operatorConflict, operatorNotFound, ownerHasNoFactors } from '../../../auth/admin-errors';
import { hasSecondFactor, isOwner } from '../../../auth/operator';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { noticeFactorChange } from '../../account/factor-notices';
import { LAST_FACTOR, NO_SUCH_PASSKEY, requireFreshProof } from '../../account/account-refusals';
import { removePasskey } from '../../credentials/passkeys';
import { OperatorStore } from '../../operator-store';
import { RemovePasskeyCommand } from './remove-passkey.command';

/**
 * Removes one of the operator's own passkeys, after a fresh proof; not the last of their
 * factors (the passphrase alone would then be left). OperatorPasskeyRemoved, and the operator
 * emailed.
 */
@CommandHandler(RemovePasskeyCommand)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskeyCommand> {
  constructor(
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, session, passkeyId }: RemovePasskeyCommand): Promise<void> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    requireFreshProof(session);
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, actor.operatorId);
      const state = loaded.state;
      if (!state) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
      const removed = await removePasskey(manager, actor.operatorId, passkeyId);
      if (!removed) throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
      if (!hasSecondFactor({ passkeys: state.passkeys - 1, totp: state.totp })) {
        throw operatorConflict('last-factor', LAST_FACTOR);
      }
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyRemoved',
            data: { operatorId: actor.operatorId, passkeyId, name: removed.name },
          },
        ],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        {
          operatorId: actor.operatorId,
          change: 'passkey-removed',
          by: 'self',
          passkeyName: removed.name,
        },
        recorded,
      );
    });
    this.outbox.nudge();
  }
}
