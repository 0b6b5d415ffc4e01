import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class EditDreamCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly dream: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
