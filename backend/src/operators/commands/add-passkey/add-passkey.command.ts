import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminSession } from '../../../auth/admin-sessions';
import type { PasskeyDto } from '../../operator-answers.dto';

/** Add a passkey: the browser's answer to the options' challenge, and what to call it. */
export class AddPasskeyCommand extends Command<PasskeyDto> {
  constructor(
    readonly passkey: { challengeId: string; response: unknown; name?: string },
    /** The name when none is given: the device it is added from. */
    readonly device: string,
    readonly actor: AdminActor,
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
  ) {
    super();
  }
}
