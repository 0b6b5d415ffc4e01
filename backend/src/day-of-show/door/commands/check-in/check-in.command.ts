import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';

/** Check a person in at the door of a slot, by their ticket's code or their door handle. */
export class CheckInCommand extends Command<string> {
  constructor(
    readonly by: { ticket: string } | { handle: string },
    readonly event: string,
    readonly time: string,
    readonly deviceTime: Date | null,
    readonly device: string | null,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
