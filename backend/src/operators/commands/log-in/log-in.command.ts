import { Command } from '@nestjs/cqrs';
import type { OpenedAdminSession } from '../../../auth/admin-sessions';

/** The owner signs in with the password (ADMIN_PASSWORD); answers the session opened. */
export class LogInCommand extends Command<OpenedAdminSession> {
  constructor(
    readonly password: string,
    /** Where the session is opened from: the device's name and the client's address. */
    readonly origin: { device: string; address: string },
    /** The request's id, the events' correlation. */
    readonly correlationId: string,
  ) {
    super();
  }
}
