import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';

export class UndoCheckInCommand extends Command<void> {
  constructor(
    /** The person's door handle. */
    readonly handle: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
