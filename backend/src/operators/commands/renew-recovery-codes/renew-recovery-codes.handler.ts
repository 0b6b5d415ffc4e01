import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { operatorNotFound, ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { noticeFactorChange } from '../../account/factor-notices';
import { requireFreshProof } from '../../account/account-refusals';
import { newRecoveryCodes, replaceRecoveryCodes } from '../../credentials/second-factors';
import type { RecoveryCodesDto } from '../../operator-answers.dto';
import { OperatorStore } from '../../operator-store';
import { RenewRecoveryCodesCommand } from './renew-recovery-codes.command';

/**
 * Ten new recovery codes in place of the earlier ones, used or not, after a fresh proof:
 * OperatorRecoveryCodesRenewed, the codes answered this once, and the operator emailed.
 */
@CommandHandler(RenewRecoveryCodesCommand)
export class RenewRecoveryCodesHandler implements ICommandHandler<RenewRecoveryCodesCommand> {
  constructor(
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, session }: RenewRecoveryCodesCommand): Promise<RecoveryCodesDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const recoveryCodes = newRecoveryCodes();
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, actor.operatorId);
      if (loaded.state?.state !== 'active') throw operatorNotFound();
      await replaceRecoveryCodes(manager, actor.operatorId, recoveryCodes);
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorRecoveryCodesRenewed', data: { operatorId: actor.operatorId } }],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId: actor.operatorId, change: 'recovery-codes-renewed', by: 'self' },
        recorded,
      );
    });
    this.outbox.nudge();
    return { recoveryCodes };
  }
}
