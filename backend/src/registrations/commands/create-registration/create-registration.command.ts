import { Command } from '@nestjs/cqrs';
import type { RegistrationBody } from './registration-body';

export interface CreateRegistrationResult {
  registrationId: string;
  placement: 'seat' | 'waiting-list';
  /** The payment page, when a seat is held. */
  checkoutUrl?: string;
}

export class CreateRegistrationCommand extends Command<CreateRegistrationResult> {
  constructor(
    readonly input: RegistrationBody,
    readonly correlationId: string,
  ) {
    super();
  }
}
