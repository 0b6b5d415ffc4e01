import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { NewPerson } from '../../booking-change-recorder';

/** Answers the id of the registration the new person now holds. */
export class HandOnBookingCommand extends Command<string> {
  constructor(
    readonly registrationId: string,
    readonly actor: AdminActor,
    readonly person: NewPerson,
  ) {
    super();
  }
}
