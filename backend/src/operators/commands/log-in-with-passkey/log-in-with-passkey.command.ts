import { Command } from '@nestjs/cqrs';
import type { OpenedAdminSession } from '../../../auth/admin-sessions';

/** Sign in with a passkey: its answer to the ceremony's challenge; answers the session opened. */
export class LogInWithPasskeyCommand extends Command<OpenedAdminSession> {
  constructor(
    readonly passkey: { challengeId: string; response: unknown },
    /** Where the session is opened from: the device's name and the client's address. */
    readonly origin: { device: string; address: string },
    /** The request's id, the events' correlation. */
    readonly correlationId: string,
  ) {
    super();
  }
}
