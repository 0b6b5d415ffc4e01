import { Command } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import type { RecordOutcome } from '../../payments/payment-recorder';

export interface HandlePaymentWebhookResult {
  outcome: RecordOutcome | 'ignored';
}

/** A provider event whose signature has been verified. */
export class HandlePaymentWebhookCommand extends Command<HandlePaymentWebhookResult> {
  constructor(
    readonly event: Stripe.Event,
    readonly correlationId?: string,
  ) {
    super();
  }
}
