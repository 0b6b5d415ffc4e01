import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { PaymentRecorder, type PaymentFact } from '../../payment-recorder';
import {
  HandlePaymentWebhookCommand,
  type HandlePaymentWebhookResult,
} from './handle-payment-webhook.command';
import type { PaymentProviderFact } from '../../../payments/payment-facts';
import { findFirstEventWith } from '../../../event-store/log-queries';
import { PaymentGateway } from '../../../payments/payment-gateway';
import type { RefundLedgerIds } from '../../../registrations/domain/payment-decisions';
import { paymentLedger } from '../../payment-ledger';

/** Records the fact a verified provider notice states about a registration. */
@CommandHandler(HandlePaymentWebhookCommand)
export class HandlePaymentWebhookHandler implements ICommandHandler<HandlePaymentWebhookCommand> {
  constructor(
    private readonly recorder: PaymentRecorder,
    private readonly gateway: PaymentGateway,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async execute(command: HandlePaymentWebhookCommand): Promise<HandlePaymentWebhookResult> {
    const { notice } = command;
    const fact = notice.fact && (await this.factOf(notice.fact, notice.id));
    if (!fact) return { outcome: 'ignored' };
    const outcome = await this.recorder.record(
      fact,
      { providerEventId: notice.id, providerEventType: notice.type },
      {
        actor: 'payment-provider',
        correlationId: command.correlationId,
        causationId: notice.id,
      },
    );
    return { outcome };
  }

  /** The recorder's fact for the provider's; a refund naming no registration, by its payment. */
  private async factOf(
    fact: PaymentProviderFact,
    providerEventId: string,
  ): Promise<PaymentFact | undefined> {
    switch (fact.kind) {
      case 'checkout-paid':
        return {
          kind: 'payment-succeeded',
          registrationId: fact.registrationId,
          payment: {
            sessionId: fact.sessionId,
            paymentIntentId: fact.paymentIntentId,
            amountMinor: fact.amountMinor,
            currency: fact.currency,
            providerEventId,
            // Asked before anything is locked; a provider that cannot answer fails the delivery,
            // which it sends again.
            ledger: await paymentLedger(this.gateway, fact.paymentIntentId),
          },
        };
      case 'checkout-expired':
        return {
          kind: 'checkout-expired',
          registrationId: fact.registrationId,
          sessionId: fact.sessionId,
          reason: 'checkout-session-expired',
        };
      case 'refunded': {
        const registrationId =
          fact.registrationId ??
          (fact.paymentIntentId ? await this.registrationPaidBy(fact.paymentIntentId) : null);
        if (!registrationId) return undefined;
        return {
          kind: 'refunded',
          registrationId,
          refund: {
            paymentIntentId: fact.paymentIntentId,
            amountMinor: fact.amountMinor,
            currency: fact.currency,
            providerEventId,
            reason: 'refunded-at-provider',
            ledger: await this.refundLedger(fact),
          },
        };
      }
    }
  }

  /** The refund's ids: the delivery's, or the provider's latest refund of the payment. */
  private async refundLedger(
    fact: Extract<PaymentProviderFact, { kind: 'refunded' }>,
  ): Promise<RefundLedgerIds> {
    if (fact.refundId || !fact.paymentIntentId) {
      return {
        refundId: fact.refundId,
        chargeId: fact.chargeId,
        balanceTransactionId: fact.refundBalanceTransactionId,
      };
    }
    const latest = await this.gateway.refundReference(fact.paymentIntentId);
    return {
      refundId: latest?.refundId ?? null,
      chargeId: latest?.chargeId ?? fact.chargeId,
      balanceTransactionId: latest?.balanceTransactionId ?? null,
    };
  }

  private async registrationPaidBy(paymentIntentId: string): Promise<string | null> {
    const paid = await findFirstEventWith(
      this.dataSource,
      'PaymentConfirmed',
      'paymentIntentId',
      paymentIntentId,
    );
    const registrationId = paid?.data.registrationId;
    return typeof registrationId === 'string' ? registrationId : null;
  }
}
