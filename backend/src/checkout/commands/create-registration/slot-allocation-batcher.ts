import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { EventMetadata } from '../../../event-store/event-store.types';
import { newPersonalDataKey } from '../../../personal-data/personal-data-vault';
import {
  registerArrivals,
  type ClientHolds,
  type RegisterInput,
} from '../../../registrations/domain/registration';
import type { RegistrationCreated } from '../../../registrations/domain/registration-events';
import { emailKey } from '../../../registrations/domain/registration-rules';
import { sealRegistrationPersonalData } from '../../../registrations/registration-event-codec';
import { placesAndClientHolds } from '../../../registrations/queries/registration-reads';
import {
  newRegistration,
  RegistrationStore,
  type RegistrationAppend,
} from '../../../registrations/registration-store';

/**
 * Per-slot group commit for new registrations, inside the command side.
 *
 * The registrations of one slot that arrive in this process while its batch is being written
 * wait for it, and the next batch takes them all (up to MAX_BATCH). A batch is one ordinary
 * registration transaction: the slot's lock and seats (RegistrationTransaction.lockSlot), which
 * of the batch's emails already keep a place there, the domain's registerArrivals() deciding
 * each in arrival order, then one append of every new stream and its read-model rows. Each
 * caller gets its own outcome (a duplicate fails only itself; a database error fails the whole
 * batch, as it would have failed each transaction).
 */
const MAX_BATCH = 200;

export interface SlotAllocationRequest {
  input: Omit<RegisterInput, 'registrationId'>;
  registrationId: string;
  metadata: EventMetadata;
}

interface Pending {
  request: SlotAllocationRequest;
  /** The registration's key and its personal data sealed with it, before any lock. */
  personalData: { key: Buffer; sealed: string };
  resolve: (created: RegistrationCreated) => void;
  reject: (error: unknown) => void;
}

type Outcome = { created: RegistrationCreated } | { error: Error };

@Injectable()
export class SlotAllocationBatcher {
  /** The registrations waiting for each slot with a drainer at work; absent when idle. */
  private readonly queues = new Map<string, Pending[]>();

  constructor(
    private readonly store: RegistrationStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records the registration (a seat held or a place on the waiting list); its event. */
  allocate(request: SlotAllocationRequest): Promise<RegistrationCreated> {
    return new Promise<RegistrationCreated>((resolve, reject) => {
      const slot = `${request.input.event}\u0000${request.input.time}`;
      const key = newPersonalDataKey();
      const personalData = { key, sealed: sealRegistrationPersonalData(request.input, key) };
      const pending: Pending = { request, personalData, resolve, reject };
      const queue = this.queues.get(slot);
      if (queue) {
        queue.push(pending);
        return;
      }
      const started = [pending];
      this.queues.set(slot, started);
      // The first batch waits for the end of this turn of the event loop: requests that
      // arrived together (a rush opening) are decided together, rather than one alone first.
      setImmediate(() => void this.drain(slot, started));
    });
  }

  /** One drainer per slot: batch after batch until nobody is waiting. */
  private async drain(slot: string, queue: Pending[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await this.allocateBatch(batch);
        batch.forEach((pending, index) => {
          const outcome = outcomes[index];
          if ('error' in outcome) pending.reject(outcome.error);
          else pending.resolve(outcome.created);
        });
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.queues.delete(slot);
  }

  private allocateBatch(batch: Pending[]): Promise<Outcome[]> {
    const { event, time } = batch[0].request.input;
    const emailKeys = batch.map(({ request }) => emailKey(request.input.email));
    const capped = this.config.unpaidHoldsPerAddress > 0;
    const clients = capped
      ? batch.flatMap(({ request }) => (request.input.clientKey ? [request.input.clientKey] : []))
      : [];
    return this.store.transaction(async (tx) => {
      const seats = await tx.lockSlot(event, time, clients);
      // Which emails keep a place in the slot, and (with the cap) the unpaid holds each
      // client address has in any slot, in one statement read under those locks.
      const rows = await placesAndClientHolds(tx.manager, event, time, emailKeys, clients);
      const held = new Map<string, ClientHolds>();
      const keepingPlace = new Set<string>();
      for (const row of rows) {
        if (row.email_key !== null) keepingPlace.add(row.email_key);
        if (row.client_key !== null) {
          held.set(row.client_key, { count: row.holds, firstExpiresAt: row.first_expires });
        }
      }
      const decisions = registerArrivals(
        batch.map(({ request }) => ({ registrationId: request.registrationId, ...request.input })),
        seats,
        keepingPlace,
        new Date(),
        this.config.checkoutHoldMinutes,
        { limit: this.config.unpaidHoldsPerAddress, held },
      );
      const appends: RegistrationAppend[] = [];
      const appendIndex = decisions.map((decision, index) => {
        if (decision instanceof Error) return decision;
        const { request, personalData } = batch[index];
        appends.push({
          from: newRegistration(request.registrationId),
          events: decision,
          metadata: request.metadata,
          personalData,
        });
        return appends.length - 1;
      });
      const recorded = await this.store.appendAll(tx, appends);
      const waiting = recorded
        .map(([first]) => first)
        .filter((first) => (first.event as RegistrationCreated).data.placement === 'waiting-list');
      await this.store.queueMessages(
        tx,
        waiting.map((first) => ({
          kind: 'waiting-list-joined' as const,
          registrationId: first.event.data.registrationId,
          causedByPosition: first.recorded.globalPosition,
        })),
      );
      return appendIndex.map((index): Outcome =>
        index instanceof Error
          ? { error: index }
          : { created: recorded[index][0].event as RegistrationCreated },
      );
    });
  }
}
