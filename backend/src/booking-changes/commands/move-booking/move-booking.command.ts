import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class MoveBookingCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    /** The slot to move to: its event's slug and its key. */
    readonly event: string,
    readonly time: string,
    /** What becomes of a dearer slot's difference: waived, or asked of the visitor. */
    readonly difference?: 'waive' | 'ask',
  ) {
    super();
  }
}
