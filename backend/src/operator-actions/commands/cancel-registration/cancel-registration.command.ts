import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

export class CancelRegistrationCommand extends Command<void> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    /** Refund the payment that paid the seat, when it was paid through the provider. */
    readonly refund: boolean,
    /** Why, required once the booking is past the door (the person let in, or the slot begun). */
    readonly note?: string,
  ) {
    super();
  }
}
