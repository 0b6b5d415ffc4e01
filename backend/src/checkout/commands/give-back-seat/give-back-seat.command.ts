import { Command } from '@nestjs/cqrs';

export interface GiveBackSeatResult {
  /** given-back: the hold was released now; not-held: the registration held no seat. */
  seat: 'given-back' | 'not-held';
}

export class GiveBackSeatCommand extends Command<GiveBackSeatResult> {
  constructor(
    readonly registrationId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
