import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminSessions } from '../../../auth/admin-sessions';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { noticeFactorChange } from '../../account/factor-notices';
import { listPasskeys, removePasskey } from '../../credentials/passkeys';
import { resetTotpAndRecoveryCodes } from '../../credentials/second-factors';
import { resetSecondFactor } from '../../domain/operator-management';
import { OperatorStore } from '../../operator-store';
import { ResetOperatorSecondFactorCommand } from './reset-operator-second-factor.command';

/**
 * The owner resets an operator's second factor (decided by the domain, resetSecondFactor):
 * every passkey, the authenticator app and the recovery codes go, and every session of theirs
 * ends. The passphrase stays: signing in with it alone opens a session that may only set up a
 * second factor again. The operator is emailed.
 */
@CommandHandler(ResetOperatorSecondFactorCommand)
export class ResetOperatorSecondFactorHandler implements ICommandHandler<ResetOperatorSecondFactorCommand> {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, operatorId }: ResetOperatorSecondFactorCommand): Promise<void> {
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const events = resetSecondFactor(loaded.state, operatorId);
      for (const passkey of await listPasskeys(manager, operatorId)) {
        await removePasskey(manager, operatorId, passkey.id);
      }
      await resetTotpAndRecoveryCodes(manager, operatorId);
      const [recorded] = await this.store.append(manager, loaded, events, adminMetadata(actor));
      await this.sessions.endAllOf(manager, operatorId);
      await noticeFactorChange(
        manager,
        { operatorId, change: 'second-factor-reset', by: 'owner' },
        recorded,
      );
    });
    this.outbox.nudge();
  }
}
