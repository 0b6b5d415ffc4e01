import { Command } from '@nestjs/cqrs';
import type { AdminSession } from '../../../auth/admin-sessions';
import type { TotpSetupDto } from '../../operator-answers.dto';

/** Start adding an authenticator app: a new secret, pending until a code of it is confirmed. */
export class StartTotpCommand extends Command<TotpSetupDto> {
  constructor(
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
  ) {
    super();
  }
}
