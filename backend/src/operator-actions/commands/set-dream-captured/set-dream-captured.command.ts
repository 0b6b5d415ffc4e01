import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class SetDreamCapturedCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly dreamedCaptured: boolean,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
