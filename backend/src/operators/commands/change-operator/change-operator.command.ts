import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { OperatorRole } from '../../../auth/permissions';

/** Change an operator's role, or suspend or reinstate them. */
export class ChangeOperatorCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly operatorId: string,
    readonly change: { role?: OperatorRole; suspended?: boolean },
  ) {
    super();
  }
}
