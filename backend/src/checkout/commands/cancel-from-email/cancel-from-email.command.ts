import { Command } from '@nestjs/cqrs';

export class CancelFromEmailCommand extends Command<void> {
  constructor(
    /** The signed token of the confirmation email's cancellation link. */
    readonly token: unknown,
    readonly correlationId: string,
  ) {
    super();
  }
}
