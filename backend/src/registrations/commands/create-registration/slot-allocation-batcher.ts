import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config.token';
import type { AppConfig } from '../../../config/config';
import type { EventMetadata } from '../../../event-store/event-store.types';
import type { SqlStatement } from '../../../event-store/sql-statement';
import { notificationsInsertFromAppended } from '../../../notifications/outbox';
import { register, type RegisterInput } from '../../domain/registration';
import { DuplicateRegistrationError } from '../../domain/registration-errors';
import {
  registrationStreamId,
  type RegistrationCreated,
  type RegistrationEvent,
} from '../../domain/registration-events';
import { emailKey } from '../../domain/registration-rules';
import { newPersonalDataKey } from '../../../personal-data/personal-data-vault';
import { sealRegistrationPersonalData } from '../../registration-event-codec';
import type { DecodedRegistrationEvent } from '../../registration-event-codec';
import { RegistrationStore, slotLock, type NewRegistration } from '../../registration-store';
import { CapacityCache } from '../../queries/get-capacity/capacity-cache';

/**
 * Per-slot group commit for new registrations.
 *
 * Seats of one slot are allocated under the slot's advisory lock, across every app process.
 * The registrations of one slot that arrive in this process while its batch is being written
 * wait for it, and the next batch takes them all (up to MAX_BATCH). Each one is decided by the
 * domain's register(), in arrival order, against a running seat count, so exactly the free
 * seats become holds; each caller gets its own outcome (a duplicate fails only itself; a
 * database error fails the whole batch, as it would have failed each transaction).
 *
 * A batch is one transaction, pipelined (RegistrationStore.appendNewRegistrations):
 * - usually decided from the slot as this process's last batch left it, assuming none of the
 *   batch's emails is registered there; BEGIN, lock_slot_if_unchanged() (the lock, and a check
 *   that those decisions still hold), the write and COMMIT go out in one round trip, and the
 *   lock is held only while PostgreSQL runs them;
 * - when the check refuses (another process gave seats meanwhile, an email is taken, the seat
 *   limit changed) or the process has not seen the slot yet: BEGIN, the lock and
 *   slot_allocation_state() go out together, the batch is decided from that, and the write goes
 *   out with the COMMIT.
 * Under a rush, once the slot is full, nearly every batch takes the first way.
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
  /** Each slot's seats as this process's last batch left them (others may have moved them). */
  private readonly known = new Map<string, SlotState>();

  constructor(
    private readonly store: RegistrationStore,
    private readonly capacity: CapacityCache,
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
        const outcomes = await this.allocateBatch(slot, batch);
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

  /** A slot this process has not written to yet, as the capacity it serves (when fresh) says. */
  private fromCapacityCache(event: string, time: string): SlotState | undefined {
    const seats = this.capacity.seats(event, time);
    return seats && { ...seats, takenEmailKeys: [] };
  }

  private async allocateBatch(slot: string, batch: Pending[]): Promise<Outcome[]> {
    const { event, time } = batch[0].request.input;
    const defaultSeatLimit = batch[0].request.defaultSeatLimit;
    const emailKeys = batch.map(({ request }) => emailKey(request.input.email));
    // For each request: its index among the accepted registrations, or the error refusing it.
    let decisions: (number | Error)[] = [];
    let after: SlotState | undefined;
    const decide = (state: SlotState, checked: boolean) => {
      const taken = new Set(state.takenEmailKeys);
      const capacity = { seatLimit: state.seatLimit, seatsTaken: state.seatsTaken };
      const now = new Date();
      const accepted: NewRegistration[] = [];
      let seatsGiven = 0;
      decisions = batch.map(({ request, personalData }, index): number | Error => {
        const key = emailKeys[index];
        // The same email twice in one batch: the later one is the duplicate.
        if (taken.has(key)) return new DuplicateRegistrationError();
        taken.add(key);
        const events = register(
          { registrationId: request.registrationId, ...request.input },
          capacity,
          now,
          this.config.checkoutHoldMinutes,
        );
        if (events.some(isSeat)) {
          capacity.seatsTaken += 1;
          seatsGiven += 1;
        }
        accepted.push({
          registrationId: request.registrationId,
          events,
          metadata: request.metadata,
          personalData,
        });
        return accepted.length - 1;
      });
      after = { seatLimit: state.seatLimit, seatsTaken: capacity.seatsTaken, takenEmailKeys: [] };
      return {
        registrations: accepted,
        following: waitingListNotifications(accepted),
        check: checked
          ? {
              text: 'SELECT lock_slot_if_unchanged($1, $2, $3, $4::text[], $5, $6, $7::text[])',
              parameters: [
                event,
                time,
                defaultSeatLimit,
                emailKeys,
                accepted.length,
                seatsGiven,
                state.takenEmailKeys,
              ],
            }
          : undefined,
      };
    };
    let recorded: DecodedRegistrationEvent[][] | undefined;
    const known = this.known.get(slot) ?? this.fromCapacityCache(event, time);
    if (known) {
      // What this process saw last (or the capacity it answered last), assuming none of these
      // emails is registered: the check proves it under the lock, in the same round trip as
      // the write.
      try {
        recorded = await this.store.appendNewRegistrations({
          decide: () => decide(known, true),
        });
      } catch (error) {
        if ((error as { code?: string }).code !== SERIALIZATION_FAILURE) throw error;
        // Another process changed the slot meanwhile, or an email is taken: read it, locked.
      }
    }
    recorded ??= await this.store.appendNewRegistrations({
      locked: {
        lock: slotLock(event, time),
        read: {
          text: 'SELECT * FROM slot_allocation_state($1, $2, $3::text[])',
          parameters: [event, time, emailKeys],
        },
      },
      decide: ([row]: SlotRow[]) =>
        decide(
          {
            seatLimit: row.seat_limit ?? defaultSeatLimit,
            seatsTaken: row.seats_taken ?? 0,
            takenEmailKeys: row.taken_email_keys,
          },
          false,
        ),
    });
    if (after) this.known.set(slot, after);
    return decisions.map((decision): Outcome =>
      decision instanceof Error
        ? { error: decision }
        : { created: recorded[decision][0].event as RegistrationCreated },
    );
  }
}

/** What deciding a batch depends on (see slot_allocation_state() in the migrations). */
interface SlotState {
  seatLimit: number;
  seatsTaken: number;
  takenEmailKeys: string[];
}

interface SlotRow {
  seat_limit: number | null;
  seats_taken: number | null;
  taken_email_keys: string[];
}

const SERIALIZATION_FAILURE = '40001';

function isSeat(event: RegistrationEvent): boolean {
  return event.type === 'RegistrationCreated' && event.data.placement === 'seat';
}

/**
 * The 'waiting-list-joined' messages of the registrations placed on the waiting list, each
 * caused by its RegistrationCreated (joined from `appended` in the same statement).
 */
function waitingListNotifications(accepted: NewRegistration[]): SqlStatement[] {
  const waiting = accepted.filter((registration) => !registration.events.some(isSeat));
  if (waiting.length === 0) return [];
  return [
    notificationsInsertFromAppended(
      waiting.map((registration) => ({
        kind: 'waiting-list-joined',
        registrationId: registration.registrationId,
        streamId: registrationStreamId(registration.registrationId),
      })),
    ),
  ];
}
