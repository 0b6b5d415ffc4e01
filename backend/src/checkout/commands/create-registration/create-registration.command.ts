import { Command } from '@nestjs/cqrs';
import type { Locale } from '../../../common/locale';

/** A registration as the command takes it: validated, with the optional fields filled in. */
export interface RegistrationBody {
  name: string;
  email: string;
  whatsapp: string;
  event: string;
  time: string;
  dream: string;
  dreamedCaptured: boolean;
  locale: Locale;
}

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
    /** The hash of the client's address (clientKeyOf), for the cap on unpaid holds. */
    readonly clientKey?: string,
  ) {
    super();
  }
}
