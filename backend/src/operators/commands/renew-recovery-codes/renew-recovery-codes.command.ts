import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { AdminSession } from '../../../auth/admin-sessions';
import type { RecoveryCodesDto } from '../../operator-answers.dto';

/** Ten new recovery codes in place of the earlier ones, answered once. */
export class RenewRecoveryCodesCommand extends Command<RecoveryCodesDto> {
  constructor(
    readonly actor: AdminActor,
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
  ) {
    super();
  }
}
