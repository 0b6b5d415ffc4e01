import { Command } from '@nestjs/cqrs';
import type { OpenedAdminSession } from '../../../auth/admin-sessions';

/** An invited operator signs in: email, passphrase and a second factor's code; answers the session. */
export class LogInAsOperatorCommand extends Command<OpenedAdminSession> {
  constructor(
    readonly credentials: { email: string; passphrase: string; code?: string },
    /** Where the session is opened from: the device's name and the client's address. */
    readonly origin: { device: string; address: string },
    /** The request's id, the events' correlation. */
    readonly correlationId: string,
  ) {
    super();
  }
}
