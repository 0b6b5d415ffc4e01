import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../admin/admin-only.decorator';

export class DeleteRegistrationCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
