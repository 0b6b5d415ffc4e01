import { Command } from '@nestjs/cqrs';

/** Sign out: the session the cookie names ends everywhere (nothing when there is none). */
export class LogOutCommand extends Command<void> {
  constructor(
    /** The session cookie's token, when there is one. */
    readonly token: string | undefined,
    /** The request's id, the event's correlation. */
    readonly correlationId: string,
  ) {
    super();
  }
}
