import { Command } from '@nestjs/cqrs';
import type { AdminSession } from '../../../auth/admin-sessions';

/** Prove again who holds the session: answers until when it may change what signs it in. */
export class StepUpCommand extends Command<Date> {
  constructor(
    /** The passphrase or a code of the authenticator app (one of them). */
    readonly proof: { passphrase?: string; code?: string },
    /** The session to prove. */
    readonly session: AdminSession,
    /** The client's address, counted by the throttle like a sign-in's. */
    readonly address: string,
    /** The request's id, the event's correlation. */
    readonly correlationId: string,
  ) {
    super();
  }
}
