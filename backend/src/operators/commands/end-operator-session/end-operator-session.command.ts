import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

/** End one of an operator's sessions (the owner's own too). */
export class EndOperatorSessionCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly operatorId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
