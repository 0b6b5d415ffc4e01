import { Command } from '@nestjs/cqrs';
import type { NewPerson } from '../../booking-change-recorder';

export class HandOnFromEmailCommand extends Command<void> {
  constructor(
    /** The signed token of the email's hand-on link. */
    readonly token: unknown,
    readonly person: NewPerson,
    readonly correlationId: string,
  ) {
    super();
  }
}
