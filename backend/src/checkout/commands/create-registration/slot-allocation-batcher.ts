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
 * The registrations of one slot that arrive in this process wait in the slot's queue, and one
 * drainer takes them batch after batch. A batch is one ordinary registration transaction: the
 * slot's lock and seats (RegistrationTransaction.lockSlot), then the batch taken from the queue
 * (up to MAX_BATCH: everyone who arrived until the lock was granted, while another process's
 * batch held it), the locks of their client addresses, which of their emails already keep a
 * place there, the domain's registerArrivals() deciding each in arrival order, then one append
 * of every new stream and its read-model rows. Each caller gets its own outcome (a duplicate
 * fails only itself; a database error fails the whole batch, as it would have failed each
 * transaction).
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
      let batch: Pending[] = [];
      try {
        const outcomes = await this.allocateBatch(queue, (taken) => (batch = taken));
        batch.forEach((pending, index) => {
          const outcome = outcomes[index];
          if ('error' in outcome) pending.reject(outcome.error);
          else pending.resolve(outcome.created);
        });
      } catch (error) {
        // A failure before the batch was taken leaves the queue to the next attempt.
        if (batch.length === 0) batch = queue.splice(0, MAX_BATCH);
        for (const pending of batch) pending.reject(error);
      }
    }
    this.queues.delete(slot);
  }

  /**
   * Decides and records the next batch of `queue`, taken once the slot's lock is granted
   * (and given to `took`); the same batch if the transaction is run again.
   */
  private allocateBatch(queue: Pending[], took: (batch: Pending[]) => void): Promise<Outcome[]> {
    const { event, time } = queue[0].request.input;
    let batch: Pending[] | undefined;
    return this.store.transaction(async (tx) => {
      const seats = await tx.lockSlot(event, time);
      if (!batch) {
        batch = queue.splice(0, MAX_BATCH);
        took(batch);
      }
      const arrivals = batch;
      const emailKeys = arrivals.map(({ request }) => emailKey(request.input.email));
      const clients =
        this.config.unpaidHoldsPerAddress > 0
          ? arrivals.flatMap(({ request }) =>
              request.input.clientKey ? [request.input.clientKey] : [],
            )
          : [];
      await tx.lockClients(clients);
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
        arrivals.map(({ request }) => ({
          registrationId: request.registrationId,
          ...request.input,
        })),
        seats,
        keepingPlace,
        new Date(),
        this.config.checkoutHoldMinutes,
        { limit: this.config.unpaidHoldsPerAddress, held },
      );
      const appends: RegistrationAppend[] = [];
      const appendIndex = decisions.map((decision, index) => {
        if (decision instanceof Error) return decision;
        const { request, personalData } = arrivals[index];
        appends.push({
          from: newRegistration(request.registrationId),
          events: decision,
          metadata: request.metadata,
          personalData,
        });
        return appends.length - 1;
      });
      const recorded = await this.store.appendAll(tx, appends);
      return appendIndex.map((index): Outcome =>
        index instanceof Error
          ? { error: index }
          : { created: recorded[index][0].event as RegistrationCreated },
      );
    });
  }
}
