import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { EditEvent } from '../../domain/tour';

/** Edit an event's details, its status or its automatic offers. */
export class EditEventCommand extends Command<void> {
  constructor(
    readonly change: Omit<EditEvent, 'type'>,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
