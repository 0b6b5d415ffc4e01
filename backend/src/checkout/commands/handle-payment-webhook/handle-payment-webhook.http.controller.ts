import { Controller, Headers, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiHeader, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { VisitorCommand } from '../../../common/api-refusals';
import { PaymentProviderError } from '../../../payments/payment-gateway';
import { DomainError } from '../../../common/domain-error';
import { requestId } from '../../../common/request-id';
import { PaymentGateway } from '../../../payments/payment-gateway';
import { HandlePaymentWebhookCommand } from './handle-payment-webhook.command';

export class PaymentWebhookResponseDto {
  @ApiProperty({ example: true })
  received!: boolean;

  @ApiProperty({
    description:
      "What the event did (moved: a move's difference was paid, and the booking moved into the seat held for it)",
    enum: [
      'ignored',
      'duplicate',
      'confirmed',
      'moved',
      'refund-requested',
      'refunded',
      'released',
      'unchanged',
      'unknown-registration',
    ],
  })
  outcome!: string;
}

/** A webhook delivery whose signature does not hold (400). */
export class WebhookSignatureRefused extends DomainError {
  static override readonly codes = { 'webhook-signature-invalid': 400 };
  constructor() {
    super('webhook-signature-invalid', 'Invalid webhook signature');
  }
}

@ApiTags('payments')
@Controller()
export class HandlePaymentWebhookHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly gateway: PaymentGateway,
  ) {}

  @Post('api/payments/webhook')
  @VisitorCommand({
    operationId: 'receivePaymentWebhook',
    summary: 'Payment provider webhook',
    description:
      "Stripe (or the sandbox) reports checkout and refund events here, signed with Stripe's scheme (Stripe-Signature header over the raw body). Each event id is recorded once. A payment's charge, balance transaction and fee are asked of the provider before it is recorded; when the provider cannot answer, 502 (payment-provider-failed), and the provider delivers the event again.",
    ok: PaymentWebhookResponseDto,
    refusals: [WebhookSignatureRefused, PaymentProviderError],
  })
  @ApiHeader({
    name: 'stripe-signature',
    required: true,
    description: "Stripe's signature over the raw body: `t=<unix time>,v1=<hex HMAC-SHA256>`.",
  })
  @ApiBody({
    description:
      'A Stripe event, as Stripe sends it: checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.expired and charge.refunded are acted on, any other type is acknowledged and ignored. It is read only once its signature holds.',
    schema: {
      type: 'object',
      required: ['id', 'type', 'data'],
      properties: {
        id: { type: 'string', example: 'evt_1Q2w3E4r5T6y7U8i' },
        type: { type: 'string', example: 'checkout.session.completed' },
        data: {
          type: 'object',
          required: ['object'],
          properties: { object: { type: 'object', additionalProperties: true } },
        },
      },
      additionalProperties: true,
      example: {
        id: 'evt_1Q2w3E4r5T6y7U8i',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: 'cs_test_a1B2c3D4',
            object: 'checkout.session',
            payment_status: 'paid',
            amount_total: 3500,
            currency: 'ron',
          },
        },
      },
    },
  })
  async receive(
    @Req() request: Request & { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<PaymentWebhookResponseDto> {
    const notice = await this.gateway.readWebhook(request.rawBody, signature);
    if (!notice) throw new WebhookSignatureRefused();
    const result = await this.commandBus.execute(
      new HandlePaymentWebhookCommand(notice, requestId(request)),
    );
    return { received: true, outcome: result.outcome };
  }
}
