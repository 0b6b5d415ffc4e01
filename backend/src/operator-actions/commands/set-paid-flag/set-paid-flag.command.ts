import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class SetPaidFlagCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly paid: boolean,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
