import { Command } from '@nestjs/cqrs';
import type { PasskeyRequestOptionsDto } from '../../operator-answers.dto';

/** Start signing in with a passkey: the options for the browser's call, and their challenge. */
export class StartPasskeySignInCommand extends Command<PasskeyRequestOptionsDto> {
  constructor(
    /** The client's address, whose passkey sign-ins are counted. */
    readonly address: string,
  ) {
    super();
  }
}
