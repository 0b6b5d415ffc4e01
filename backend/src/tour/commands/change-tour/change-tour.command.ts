import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { TourCommand } from '../../domain/tour';

/** One of the operator's changes to the tour; `seatsOf` names the slot whose seats it needs. */
export class ChangeTourCommand extends Command<void> {
  constructor(
    readonly command: TourCommand,
    readonly actor: AdminActor,
    readonly seatsOf?: string,
  ) {
    super();
  }
}
