import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class MoveBookingCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    /** The slot to move to: its event's slug and its key. */
    readonly event: string,
    readonly time: string,
  ) {
    super();
  }
}
