import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminSession } from '../../../auth/admin-sessions';

/** Remove one of the signed-in operator's own passkeys. */
export class RemovePasskeyCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
    readonly passkeyId: string,
  ) {
    super();
  }
}
