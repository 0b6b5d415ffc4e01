import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

/** Erase a suspended operator's name and email. */
export class EraseOperatorCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly operatorId: string,
  ) {
    super();
  }
}
