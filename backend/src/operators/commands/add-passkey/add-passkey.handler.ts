import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { fieldRefused, ownerHasNoFactors } from '../../../auth/admin-errors';
import { isOwner } from '../../../auth/operator';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { PASSKEY_NOT_REGISTERED, requireFreshProof } from '../../account/account-refusals';
import { noticeFactorChange } from '../../account/factor-notices';
import { PasskeyCeremonies } from '../../credentials/passkey-ceremonies';
import { storePasskey } from '../../credentials/passkeys';
import type { PasskeyDto } from '../../operator-answers.dto';
import { OperatorStore } from '../../operator-store';
import { AddPasskeyCommand } from './add-passkey.command';

/**
 * A passkey added after a fresh proof: the browser's answer checked against the challenge (taken
 * once) and the site's address, the passkey stored, OperatorPasskeyAdded recorded (which ends
 * `secondFactorRequired` after joining) and the operator emailed.
 */
@CommandHandler(AddPasskeyCommand)
export class AddPasskeyHandler implements ICommandHandler<AddPasskeyCommand> {
  constructor(
    private readonly ceremonies: PasskeyCeremonies,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ passkey, device, actor, session }: AddPasskeyCommand): Promise<PasskeyDto> {
    if (isOwner(actor.operatorId)) throw ownerHasNoFactors();
    requireFreshProof(session);
    const refused = () =>
      fieldRefused('passkey-not-registered', 'response', PASSKEY_NOT_REGISTERED);
    const registered = await this.ceremonies.finishRegistration(
      passkey.challengeId,
      passkey.response,
      actor.operatorId,
    );
    if (!registered) throw refused();
    const { passkey: verified, now } = registered;
    const name = passkey.name?.trim() || device;
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, actor.operatorId);
      if (loaded.state?.state !== 'active') throw refused();
      await storePasskey(manager, {
        ...verified,
        operatorId: actor.operatorId,
        name,
        createdAt: now,
        lastUsedAt: null,
      });
      const [added] = await this.store.append(
        manager,
        loaded,
        [
          {
            type: 'OperatorPasskeyAdded',
            data: { operatorId: actor.operatorId, passkeyId: verified.id, name },
          },
        ],
        adminMetadata(actor),
      );
      await noticeFactorChange(
        manager,
        { operatorId: actor.operatorId, change: 'passkey-added', by: 'self', passkeyName: name },
        added,
      );
    });
    this.outbox.nudge();
    return { id: verified.id, name, createdAt: now.toISOString() };
  }
}
