import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';

/** Name one of the signed-in operator's passkeys. */
export class RenamePasskeyCommand extends Command<void> {
  constructor(
    readonly actor: AdminActor,
    readonly passkeyId: string,
    readonly name: string,
  ) {
    super();
  }
}
