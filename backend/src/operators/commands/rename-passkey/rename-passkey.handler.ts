import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { operatorNotFound, ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { NO_SUCH_PASSKEY } from '../../account/account-refusals';
import { renamePasskey } from '../../credentials/passkeys';
import { OperatorStore } from '../../operator-store';
import { RenamePasskeyCommand } from './rename-passkey.command';

/** Names one of the operator's passkeys (what the account page and the owner's list show). */
@CommandHandler(RenamePasskeyCommand)
export class RenamePasskeyHandler implements ICommandHandler<RenamePasskeyCommand> {
  constructor(private readonly store: OperatorStore) {}

  async execute({ actor, passkeyId, name }: RenamePasskeyCommand): Promise<void> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    const trimmed = name.trim();
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, actor.operatorId);
      if (!(await renamePasskey(manager, actor.operatorId, passkeyId, trimmed))) {
        throw operatorNotFound('passkey-not-found', NO_SUCH_PASSKEY);
      }
      await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyRenamed',
            data: { operatorId: actor.operatorId, passkeyId, name: trimmed },
          },
        ],
        adminMetadata(actor),
      );
    });
  }
}
