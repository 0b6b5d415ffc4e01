import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminClock } from '../../../auth/admin-clock';
import { operatorConflict } from '../../../auth/admin-errors';
import { INVITATION_HOURS } from '../../../auth/operator';
import {
  findOperatorByEmail,
  lockOperators,
  nextOperatorNumber,
} from '../../../auth/operator-view';
import { enqueueInvitation } from '../../../notifications/outbox';
import { OutboxWorker } from '../../../notifications/outbox-worker';
import { EMAIL_TAKEN } from '../../domain/operator-management';
import { OperatorStore } from '../../operator-store';
import { InviteOperatorCommand } from './invite-operator.command';

/**
 * The owner invites an operator: OperatorInvited, under the operators' lock (an email is one
 * operator's), and the invitation queued in the same transaction; it leaves through the outbox.
 */
@CommandHandler(InviteOperatorCommand)
export class InviteOperatorHandler implements ICommandHandler<InviteOperatorCommand> {
  constructor(
    private readonly clock: AdminClock,
    private readonly store: OperatorStore,
    private readonly outbox: OutboxWorker,
  ) {}

  async execute({ actor, invitation, locale }: InviteOperatorCommand): Promise<string> {
    const operatorId = randomUUID();
    const invitationId = randomUUID();
    await this.store.transaction(async (manager) => {
      await lockOperators(manager);
      if (await findOperatorByEmail(manager, invitation.email)) {
        throw operatorConflict('email-taken', EMAIL_TAKEN);
      }
      const now = await this.clock.now(manager);
      const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
      const [invited] = await this.store.start(
        manager,
        operatorId,
        [
          {
            type: 'OperatorInvited',
            data: {
              operatorId,
              number: await nextOperatorNumber(manager),
              role: invitation.role,
              invitationId,
              expiresAt,
              name: invitation.name.trim(),
              email: invitation.email.trim(),
            },
          },
        ],
        adminMetadata(actor),
      );
      await enqueueInvitation(
        manager,
        { operatorId, invitationId, role: invitation.role, expiresAt, locale },
        invited.globalPosition,
      );
    });
    this.outbox.nudge();
    return operatorId;
  }
}
