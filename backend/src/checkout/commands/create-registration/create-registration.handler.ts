import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LiveTour } from '../../../tour/live-tour';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { EventMetadata } from '../../../event-store/event-store.types';
import { PaymentGateway, PaymentProviderError } from '../../../payments/payment-gateway';
import {
  failCheckout,
  openCheckoutSession,
  resumableCheckout,
} from '../../../registrations/domain/registration';
import {
  DuplicateRegistrationError,
  EventNotOpenError,
  SlotNotOpenError,
} from '../../../registrations/domain/registration-errors';
import type { RegistrationCreated } from '../../../registrations/domain/registration-events';
import { emailKey, isSamePerson } from '../../../registrations/domain/registration-rules';
import { RegistrationStore } from '../../../registrations/registration-store';
import { heldIdsOfEmail } from '../../../registrations/queries/registration-reads';
import {
  CreateRegistrationCommand,
  type CreateRegistrationResult,
} from './create-registration.command';
import { SlotAllocationBatcher } from './slot-allocation-batcher';
import { seatCheckoutRequest } from '../../seat-checkout-request';

@CommandHandler(CreateRegistrationCommand)
export class CreateRegistrationHandler implements ICommandHandler<CreateRegistrationCommand> {
  constructor(
    private readonly store: RegistrationStore,
    private readonly catalogue: LiveTour,
    private readonly gateway: PaymentGateway,
    private readonly batcher: SlotAllocationBatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
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
    let created: RegistrationCreated;
    try {
      created = await this.batcher.allocate({
        input: { ...input, clientKey: command.clientKey },
        registrationId,
        metadata,
      });
    } catch (error) {
      // The visitor's own unpaid hold on this slot is not a duplicate: they go back to it.
      const resumed =
        error instanceof DuplicateRegistrationError ? await this.openPaymentOf(input) : null;
      if (resumed) return resumed;
      throw error;
    }

    if (created.data.placement === 'waiting-list') {
      return { registrationId, placement: 'waiting-list' };
    }

    // The payment provider is called outside the slot's transaction, so a slow provider never
    // holds the lock; if it fails, the hold is given back by an event of its own.
    try {
      const session = await this.gateway.createCheckoutSession(
        seatCheckoutRequest(this.catalogue, this.config.publicUrl, event, {
          registrationId,
          time: input.time,
          locale: input.locale,
          email: input.email,
          expiresAt: new Date(created.data.holdExpiresAt ?? Date.now()),
        }),
      );
      await this.store.transaction(async (tx) => {
        const loaded = await this.store.load(tx, registrationId);
        await this.store.append(tx, loaded, openCheckoutSession(loaded.state!, session), metadata);
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

  /**
   * The open payment of this email's held seat in the slot, if it may be resumed and the
   * details name the same person (isSamePerson): someone who knows only the email learns
   * nothing but SPEC's duplicate message.
   */
  private async openPaymentOf({
    event,
    time,
    email,
    name,
    whatsapp,
  }: CreateRegistrationCommand['input']): Promise<CreateRegistrationResult | null> {
    const rows = await heldIdsOfEmail(this.dataSource, event, time, emailKey(email));
    for (const { id } of rows) {
      const loaded = await this.store.transaction((tx) => this.store.load(tx, id));
      if (!loaded.state || !isSamePerson(loaded.state, { name, whatsapp })) continue;
      const open = resumableCheckout(
        loaded.state,
        loaded.history.map((item) => item.event),
        new Date(),
      );
      if (open) return { registrationId: id, placement: 'seat' as const, checkoutUrl: open.url };
    }
    return null;
  }
}
