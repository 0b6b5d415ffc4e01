import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { adminMetadata } from '../../../auth/admin-actor';
import { AdminSessions } from '../../../auth/admin-sessions';
import { isOwner } from '../../../auth/operator';
import { changeOperator, refuseChangingOwner } from '../../domain/operator-management';
import { OperatorStore } from '../../operator-store';
import { ChangeOperatorCommand } from './change-operator.command';

/**
 * A role changed, a suspension or a reinstatement, decided by the domain (changeOperator).
 * Suspending ends every session of the operator in the same transaction, so every process
 * refuses their cookie from its next request on.
 */
@CommandHandler(ChangeOperatorCommand)
export class ChangeOperatorHandler implements ICommandHandler<ChangeOperatorCommand> {
  constructor(
    private readonly sessions: AdminSessions,
    private readonly store: OperatorStore,
  ) {}

  async execute({ actor, operatorId, change }: ChangeOperatorCommand): Promise<void> {
    if (isOwner(operatorId)) return refuseChangingOwner(change);
    await this.store.transaction(async (manager) => {
      const loaded = await this.store.load(manager, operatorId);
      const events = changeOperator(loaded.state, operatorId, change);
      await this.store.append(manager, loaded, events, adminMetadata(actor));
      if (change.suspended === true) await this.sessions.endAllOf(manager, operatorId);
    });
  }
}
