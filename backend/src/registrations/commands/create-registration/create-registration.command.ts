import { Command } from '@nestjs/cqrs';
import type { Locale } from '../../domain/registration-events';

export interface CreateRegistrationResult {
  registrationId: string;
  placement: 'seat' | 'waiting-list';
  /** The payment page, when a seat is held. */
  checkoutUrl?: string;
}

export class CreateRegistrationCommand extends Command<CreateRegistrationResult> {
  constructor(
    readonly input: {
      name: string;
      email: string;
      whatsapp: string;
      event: string;
      time: string;
      dream: string;
      dreamedCaptured: boolean;
      locale: Locale;
    },
    readonly correlationId: string,
  ) {
    super();
  }
}
