import { Command } from '@nestjs/cqrs';
import type { AdminSession } from '../../../auth/admin-sessions';
import type { PasskeyCreationOptionsDto } from '../../operator-answers.dto';

/** Start adding a passkey: the options for the browser's WebAuthn call, and their challenge. */
export class StartPasskeyRegistrationCommand extends Command<PasskeyCreationOptionsDto> {
  constructor(
    /** The session asking: it must have been proved lately. */
    readonly session: AdminSession,
  ) {
    super();
  }
}
