import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminClock } from '../../../auth/admin-clock';
import { fieldRefused, ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { noticeFactorChange } from '../../account/factor-notices';
import { requireFreshProof, TOTP_CODE_WRONG } from '../../account/account-refusals';
import {
  confirmTotp,
  findCredentials,
  newRecoveryCodes,
  totpStep,
} from '../../credentials/second-factors';
import type { RecoveryCodesDto } from '../../operator-answers.dto';
import { OperatorStore } from '../../operator-store';
import { ConfirmTotpCommand } from './confirm-totp.command';

/**
 * A code of the pending secret confirms it, after a fresh proof: OperatorTotpConfirmed, ten new
 * recovery codes (answered this once), and the operator emailed.
 */
@CommandHandler(ConfirmTotpCommand)
export class ConfirmTotpHandler implements ICommandHandler<ConfirmTotpCommand> {
  constructor(
    private readonly clock: AdminClock,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, session, code }: ConfirmTotpCommand): Promise<RecoveryCodesDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const recoveryCodes = newRecoveryCodes();
    await this.store.transaction(async (manager) => {
      const credentials = await findCredentials(manager, actor.operatorId);
      const secret = credentials?.totpPendingSecret;
      const now = await this.clock.now(manager);
      const step = secret && (await totpStep(secret, code, now, null));
      if (!step) throw fieldRefused('totp-code-wrong', 'code', TOTP_CODE_WRONG);
      const loaded = await this.store.load(manager, actor.operatorId);
      if (loaded.state?.state !== 'active') {
        throw fieldRefused('totp-code-wrong', 'code', TOTP_CODE_WRONG);
      }
      await confirmTotp(manager, actor.operatorId, step, recoveryCodes);
      const [recorded] = await this.store.append(
        manager,
        loaded,
        [{ type: 'OperatorTotpConfirmed', data: { operatorId: actor.operatorId } }],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId: actor.operatorId, change: 'totp-set-up', by: 'self' },
        recorded,
      );
    });
    this.outbox.nudge();
    return { recoveryCodes };
  }
}
