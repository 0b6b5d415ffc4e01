import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { EventMetadata } from '../../../event-store/event-store.types';
import type { SqlStatement } from '../../../event-store/sql-statement';
import { notificationsInsert } from '../../../notifications/outbox';
import { register, type RegisterInput } from '../../domain/registration';
import { DuplicateRegistrationError } from '../../domain/registration-errors';
import type { RegistrationCreated, RegistrationEvent } from '../../domain/registration-events';
import { emailKey } from '../../domain/registration-rules';
import type { DecodedRegistrationEvent } from '../../registration-event-codec';
import {
  RegistrationStore,
  type NewRegistration,
  type RegistrationTransaction,
} from '../../registration-store';

/**
 * Per-slot group commit for new registrations.
 *
 * Seats of one slot are allocated under the slot's advisory lock, across every app process.
 * One transaction per registration held that lock for about eight sequential statements, so a
 * rush on one slot was served at a few hundred registrations a second whatever the number of
 * processes, with requests queueing for a second. Here the registrations of one slot that
 * arrive in this process while a transaction is running wait for it, and the next transaction
 * takes them all (up to MAX_BATCH): for the whole batch, the lock, one statement reading the
 * seats and the duplicates, two writing everything, and one COMMIT. Each one is decided by the
 * domain's register(), in arrival order, against the running seat count, so exactly the free
 * seats become holds; each caller gets its own outcome (a duplicate fails only itself; a
 * database error fails the whole batch, as it would have failed each transaction).
 */
const MAX_BATCH = 200;

export interface SlotAllocationRequest {
  input: Omit<RegisterInput, 'registrationId'>;
  registrationId: string;
  metadata: EventMetadata;
  /** The slot's seats when slot_capacity has no row for it yet (the catalogue's capacity). */
  defaultSeatLimit: number;
}

interface Pending {
  request: SlotAllocationRequest;
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
      const pending: Pending = { request, resolve, reject };
      const queue = this.queues.get(slot);
      if (queue) {
        queue.push(pending);
        return;
      }
      const started = [pending];
      this.queues.set(slot, started);
      void this.drain(slot, started);
    });
  }

  /** One drainer per slot: batch after batch until nobody is waiting. */
  private async drain(slot: string, queue: Pending[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        const outcomes = await this.allocateBatch(batch.map((pending) => pending.request));
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

  private allocateBatch(requests: SlotAllocationRequest[]): Promise<Outcome[]> {
    const { event, time } = requests[0].input;
    return this.store.transaction(async (tx) => {
      await tx.lockSlot(event, time);
      const slot = await this.readSlot(tx, event, time, requests);
      const taken = new Set(slot.takenEmailKeys);
      const capacity = {
        seatLimit: slot.seatLimit ?? requests[0].defaultSeatLimit,
        seatsTaken: slot.seatsTaken ?? 0,
      };

      const now = new Date();
      const accepted: NewRegistration[] = [];
      // For each request: its index in `accepted`, or the error that refuses it.
      const decisions = requests.map((request): number | Error => {
        const key = emailKey(request.input.email);
        // The same email twice in one batch: the later one is the duplicate.
        if (taken.has(key)) return new DuplicateRegistrationError();
        taken.add(key);
        const events = register(
          { registrationId: request.registrationId, ...request.input },
          capacity,
          now,
          this.config.checkoutHoldMinutes,
        );
        if (events.some(isSeat)) capacity.seatsTaken += 1;
        accepted.push({
          registrationId: request.registrationId,
          events,
          metadata: request.metadata,
        });
        return accepted.length - 1;
      });

      const recorded =
        accepted.length > 0
          ? await this.store.appendNewRegistrations(tx, accepted, (appended) =>
              waitingListNotifications(appended.map(([first]) => first)),
            )
          : [];
      const created = recorded.map(([first]) => first);
      return decisions.map((decision): Outcome =>
        decision instanceof Error
          ? { error: decision }
          : { created: created[decision].event as RegistrationCreated },
      );
    });
  }

  /**
   * The slot's seats (null without a slot_capacity row) and which of the batch's email keys
   * already have a live registration in it, in one round trip: the lock is held meanwhile.
   */
  private async readSlot(
    tx: RegistrationTransaction,
    event: string,
    time: string,
    requests: SlotAllocationRequest[],
  ): Promise<{ seatLimit: number | null; seatsTaken: number | null; takenEmailKeys: string[] }> {
    const [row] = (await tx.manager.query(
      `SELECT capacity.seat_limit, capacity.held + capacity.paid + capacity.confirmed AS seats_taken,
              ARRAY(SELECT email_key FROM registration_view
                     WHERE event = $1 AND time = $2 AND email_key = ANY($3::text[])
                       AND status NOT IN ('released', 'refunded')) AS taken_email_keys
         FROM (SELECT 1) AS one
         LEFT JOIN slot_capacity AS capacity ON capacity.event = $1 AND capacity.time = $2`,
      [event, time, requests.map((request) => emailKey(request.input.email))],
    )) as { seat_limit: number | null; seats_taken: number | null; taken_email_keys: string[] }[];
    return {
      seatLimit: row.seat_limit,
      seatsTaken: row.seats_taken,
      takenEmailKeys: row.taken_email_keys,
    };
  }
}

function isSeat(event: RegistrationEvent): boolean {
  return event.type === 'RegistrationCreated' && event.data.placement === 'seat';
}

/** The 'waiting-list-joined' messages of the registrations placed on the waiting list. */
function waitingListNotifications(created: DecodedRegistrationEvent[]): SqlStatement[] {
  const waiting = created.filter((first) => !isSeat(first.event));
  if (waiting.length === 0) return [];
  return [
    notificationsInsert(
      waiting.map((first) => ({
        kind: 'waiting-list-joined',
        registrationId: first.event.data.registrationId,
        causedByPosition: first.recorded.globalPosition,
      })),
    ),
  ];
}
