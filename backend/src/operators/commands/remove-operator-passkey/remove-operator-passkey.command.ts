import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

/** Remove one of an operator's passkeys. */
export class RemoveOperatorPasskeyCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly operatorId: string,
    readonly passkeyId: string,
  ) {
    super();
  }
}
