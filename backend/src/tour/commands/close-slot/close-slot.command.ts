import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { CloseSlot } from '../../domain/tour';

/** Close a slot to registration. */
export class CloseSlotCommand extends Command<void> {
  constructor(
    readonly change: Omit<CloseSlot, 'type'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
