import { Command } from '@nestjs/cqrs';
import type { ProviderNotice } from '../../../payments/payment-facts';
import type { RecordOutcome } from '../../payment-recorder';

export interface HandlePaymentWebhookResult {
  outcome: RecordOutcome | 'ignored';
}

/** A provider's delivery whose signature has been verified, as the fact it states. */
export class HandlePaymentWebhookCommand extends Command<HandlePaymentWebhookResult> {
  constructor(
    readonly notice: ProviderNotice,
    readonly correlationId?: string,
  ) {
    super();
  }
}
