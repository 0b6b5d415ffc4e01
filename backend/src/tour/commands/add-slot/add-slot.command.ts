import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AddSlot } from '../../domain/tour';

/** Add a slot to an event. */
export class AddSlotCommand extends Command<void> {
  constructor(
    readonly change: Omit<AddSlot, 'type'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
