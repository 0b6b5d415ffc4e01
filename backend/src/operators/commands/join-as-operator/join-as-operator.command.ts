import { Command } from '@nestjs/cqrs';
import type { OpenedAdminSession } from '../../../auth/admin-sessions';
import type { Locale } from '../../../common/locale';

/** Join with an invitation: the operator's name and passphrase; answers the session opened. */
export class JoinAsOperatorCommand extends Command<OpenedAdminSession> {
  constructor(
    readonly join: { token: string; name: string; passphrase: string },
    /** Where the session is opened from: the device's name and the client's address. */
    readonly origin: { device: string; address: string },
    /** The request's id, the events' correlation. */
    readonly correlationId: string,
    /** The operator's language for their emails: the console's. */
    readonly locale: Locale,
  ) {
    super();
  }
}
