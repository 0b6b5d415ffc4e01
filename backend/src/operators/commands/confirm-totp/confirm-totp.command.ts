import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminSession } from '../../../auth/admin-sessions';
import type { RecoveryCodesDto } from '../../operator-answers.dto';

/** Confirm the pending authenticator app with a code of it; answers ten recovery codes, once. */
export class ConfirmTotpCommand extends Command<RecoveryCodesDto> {
  constructor(
    readonly actor: AdminActor,
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
    readonly code: string,
  ) {
    super();
  }
}
