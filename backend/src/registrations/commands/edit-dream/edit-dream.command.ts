import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';

export class EditDreamCommand extends Command<AdminRegistrationDto> {
  constructor(
    readonly registrationId: string,
    readonly dream: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
