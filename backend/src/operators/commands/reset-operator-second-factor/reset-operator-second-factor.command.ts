import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

/** Reset an operator's second factor. */
export class ResetOperatorSecondFactorCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly operatorId: string,
  ) {
    super();
  }
}
