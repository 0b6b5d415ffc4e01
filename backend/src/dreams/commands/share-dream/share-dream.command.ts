import { Command } from '@nestjs/cqrs';

export class ShareDreamCommand extends Command<{ dreamId: string }> {
  constructor(
    readonly registrationId: string,
    readonly dream: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
