import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { EditSlot } from '../../domain/tour';

/** Change a slot's capacity or move it (it keeps its name); `now` is the clock it is decided by. */
export class EditSlotCommand extends Command<void> {
  constructor(
    readonly change: Omit<EditSlot, 'type' | 'seatsTaken'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
