import { Command } from '@nestjs/cqrs';

export interface OfferCheckout {
  url: string;
  expiresAt: string;
}

export class PayForOfferCommand extends Command<OfferCheckout> {
  constructor(
    /** The signed token of the offer email's link. */
    readonly token: unknown,
    readonly correlationId: string,
  ) {
    super();
  }
}
