import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { CompleteEvent } from '../../domain/tour';

/** Complete an event. */
export class CompleteEventCommand extends Command<void> {
  constructor(
    readonly change: Omit<CompleteEvent, 'type'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
