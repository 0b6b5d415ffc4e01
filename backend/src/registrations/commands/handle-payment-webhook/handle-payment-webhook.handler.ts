import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { PaymentRecorder, type PaymentFact } from '../../payments/payment-recorder';
import {
  HandlePaymentWebhookCommand,
  type HandlePaymentWebhookResult,
} from './handle-payment-webhook.command';
import { isRegistrationId } from '../../../common/registration-id';
import { findFirstEventWith } from '../../../event-store/log-queries';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function registrationIdOf(object: {
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}): string | null {
  const id = object.client_reference_id ?? object.metadata?.registrationId ?? null;
  return id && isRegistrationId(id) ? id : null;
}

/** Turns a verified provider event into the fact it states about a registration. */
@CommandHandler(HandlePaymentWebhookCommand)
export class HandlePaymentWebhookHandler implements ICommandHandler<HandlePaymentWebhookCommand> {
  constructor(
    private readonly recorder: PaymentRecorder,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  async execute(command: HandlePaymentWebhookCommand): Promise<HandlePaymentWebhookResult> {
    const { event } = command;
    const fact = await this.factOf(event);
    if (!fact) return { outcome: 'ignored' };
    const outcome = await this.recorder.record(
      fact,
      { providerEventId: event.id, providerEventType: event.type },
      {
        actor: 'payment-provider',
        correlationId: command.correlationId,
        causationId: event.id,
      },
    );
    return { outcome };
  }

  private async factOf(event: Stripe.Event): Promise<PaymentFact | undefined> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const registrationId = registrationIdOf(session);
        // A delayed payment method completes the session unpaid; async_payment_succeeded follows.
        if (!registrationId || session.payment_status !== 'paid') return undefined;
        return {
          kind: 'payment-succeeded',
          registrationId,
          payment: {
            sessionId: session.id,
            paymentIntentId: idOf(session.payment_intent),
            amountMinor: session.amount_total ?? 0,
            currency: session.currency ?? '',
            providerEventId: event.id,
          },
        };
      }
      case 'checkout.session.expired': {
        const session = event.data.object;
        const registrationId = registrationIdOf(session);
        if (!registrationId) return undefined;
        return {
          kind: 'checkout-expired',
          registrationId,
          sessionId: session.id,
          reason: 'checkout-session-expired',
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // A partial refund leaves the seat paid for; only a full refund is the fact we record.
        if (!charge.refunded) return undefined;
        const paymentIntentId = idOf(charge.payment_intent);
        const registrationId =
          registrationIdOf({ metadata: charge.metadata }) ??
          (paymentIntentId ? await this.registrationPaidBy(paymentIntentId) : null);
        if (!registrationId) return undefined;
        return {
          kind: 'refunded',
          registrationId,
          refund: {
            paymentIntentId,
            amountMinor: charge.amount_refunded,
            currency: charge.currency,
            providerEventId: event.id,
            reason: 'refunded-at-provider',
          },
        };
      }
      default:
        return undefined;
    }
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
