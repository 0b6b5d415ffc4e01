import { Command } from '@nestjs/cqrs';
import type { AdminActor } from '../../../auth/admin-actor';
import type { OperatorRole } from '../../../auth/permissions';
import type { Locale } from '../../../common/locale';

/** Invite an operator: OperatorInvited, the invitation queued in the same transaction; answers the new operator's id. */
export class InviteOperatorCommand extends Command<string> {
  constructor(
    readonly actor: AdminActor,
    readonly invitation: { email: string; name: string; role: OperatorRole },
    /** The invitation's language: the console's. */
    readonly locale: Locale,
  ) {
    super();
  }
}
