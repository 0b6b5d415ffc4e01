import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';

export class UndoCheckInCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
