import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { ReopenSlot } from '../../domain/tour';

/** Reopen a closed slot; `now` is the clock it is decided by. */
export class ReopenSlotCommand extends Command<void> {
  constructor(
    readonly change: Omit<ReopenSlot, 'type' | 'closesMinutesBefore'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
