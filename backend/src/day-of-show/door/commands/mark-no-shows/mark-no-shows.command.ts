import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../../auth/admin-actor';

/** Every seated person of a slot who has not arrived becomes a no-show; answers their ids. */
export class MarkNoShowsCommand extends Command<string[]> {
  constructor(
    readonly event: string,
    readonly time: string,
    readonly actor: AdminActor,
  ) {
    super();
  }
}
