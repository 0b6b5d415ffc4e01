import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';

export class CancelRegistrationCommand extends Command<AdminRegistrationDto> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    /** Refund the payment that paid the seat, when it was paid through the provider. */
    readonly refund: boolean,
  ) {
    super();
  }
}
