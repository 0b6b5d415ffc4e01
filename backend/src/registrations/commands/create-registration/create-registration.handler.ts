import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { Catalogue } from '../../../catalogue/catalogue';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { EventMetadata } from '../../../event-store/event-store.types';
import { PaymentGateway, PaymentProviderError } from '../../../payments/payment-gateway';
import { failCheckout, openCheckoutSession } from '../../domain/registration';
import { EventNotOpenError, SlotNotOpenError } from '../../domain/registration-errors';
import { RegistrationStore } from '../../registration-store';
import {
  CreateRegistrationCommand,
  type CreateRegistrationResult,
} from './create-registration.command';
import { SlotAllocationBatcher } from './slot-allocation-batcher';

@CommandHandler(CreateRegistrationCommand)
export class CreateRegistrationHandler implements ICommandHandler<CreateRegistrationCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: Catalogue,
    private readonly gateway: PaymentGateway,
    private readonly batcher: SlotAllocationBatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: CreateRegistrationCommand): Promise<CreateRegistrationResult> {
    const { input } = command;
    const event = this.catalogue.findEvent(input.event);
    if (!event || event.status !== 'open') throw new EventNotOpenError();
    if (!this.catalogue.findSlot(input.event, input.time)) throw new SlotNotOpenError('unknown');
    // Closed by its status, or by the clock: registration ends at the slot's start (or the
    // configured minutes before it).
    const open = this.catalogue.isOpenForRegistration(
      input.event,
      input.time,
      new Date(),
      this.config.registrationClosesMinutesBefore,
    );
    if (!open) throw new SlotNotOpenError('closed');

    const registrationId = randomUUID();
    const metadata: EventMetadata = { actor: 'visitor', correlationId: command.correlationId };

    // Seats are allocated in per-slot batches: see slot-allocation-batcher.ts.
    const created = await this.batcher.allocate({
      input: { ...input, clientKey: command.clientKey },
      registrationId,
      metadata,
    });

    if (created.data.placement === 'waiting-list') {
      return { registrationId, placement: 'waiting-list' };
    }

    // The payment provider is called outside the slot's transaction, so a slow provider never
    // holds the lock; if it fails, the hold is given back by an event of its own.
    try {
      const session = await this.gateway.createCheckoutSession({
        registrationId,
        description: `${event.city} — ${input.time}`,
        customerEmail: input.email,
        locale: input.locale,
        amountMinor: event.priceMinor,
        currency: this.catalogue.currency,
        expiresAt: new Date(created.data.holdExpiresAt ?? Date.now()),
        successUrl: `${this.config.publicUrl}/confirmation?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.config.publicUrl}/?register=true`,
      });
      await this.store.transaction(async (tx) => {
        const loaded = await this.store.load(tx, registrationId);
        await this.store.append(
          tx,
          loaded,
          openCheckoutSession(loaded.state!, {
            provider: session.provider,
            sessionId: session.sessionId,
            url: session.url,
            expiresAt: session.expiresAt.toISOString(),
          }),
          metadata,
        );
      });
      return { registrationId, placement: 'seat', checkoutUrl: session.url };
    } catch (error) {
      await this.store.transaction(async (tx) => {
        const loaded = await this.store.load(tx, registrationId);
        if (!loaded.state) return;
        const reason = error instanceof Error ? error.message : String(error);
        await this.store.append(tx, loaded, failCheckout(loaded.state, reason.slice(0, 500)), {
          ...metadata,
          actor: 'system',
        });
      });
      if (error instanceof PaymentProviderError) throw error;
      throw new PaymentProviderError('Payment setup failed', error);
    }
  }
}
