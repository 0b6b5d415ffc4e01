import { Command } from '@nestjs/cqrs';

export class MoveFromEmailCommand extends Command<void> {
  constructor(
    /** The signed token of the email's move link. */
    readonly token: unknown,
    readonly event: string,
    readonly time: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
