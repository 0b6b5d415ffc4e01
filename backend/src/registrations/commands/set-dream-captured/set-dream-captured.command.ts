import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminRegistrationDto } from '../../queries/list-registrations/admin-registration.response.dto';

export class SetDreamCapturedCommand extends Command<AdminRegistrationDto> {
  constructor(
    readonly registrationId: string,
    readonly dreamedCaptured: boolean,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
