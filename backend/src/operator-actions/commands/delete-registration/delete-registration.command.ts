import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class DeleteRegistrationCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    /** Refund the registration's payment through the provider, when it was paid there. */
    readonly refund: boolean,
  ) {
    super();
  }
}
