import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { DataSource, type EntityManager } from 'typeorm';
import { retryingConflicts } from '../event-store/retry-conflicts';
import {
  NO_STREAM,
  type EventMetadata,
  type RecordedEvent,
} from '../event-store/event-store.types';
import type { SqlExecutor } from '../event-store/sql-executor';
import { appendAndFold, loadStream } from '../event-store/stream-writes';
import type { SealedMessageFacts } from '../notifications/message-facts';
import { notificationsInsert, refreshMessageFacts } from '../notifications/outbox';
import { findPersonalDataKey, newPersonalDataKeys } from '../personal-data/personal-data-vault';
import { lockClientHolds, lockSlotSeats } from '../seat-ledger/slot-lock';
import {
  evolve,
  holdsTicket,
  numberSeat,
  replay,
  type RegistrationState,
  type SlotSeats,
} from './domain/registration';
import { registrationStreamId, type RegistrationEvent } from './domain/registration-events';
import {
  decodeRegistrationEvent,
  encodeRegistrationEvent,
  registrationEventSchemaVersion,
  type DecodedRegistrationEvent,
} from './registration-event-codec';
import { foldHistory, ReadModelFold, writeReadModels } from './projections/read-model-fold';
import { RegistrationEventsRecorded } from './registration-events-recorded';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import type { RegistrationSlot } from './domain/money';
import { recordMoney } from './receipts';
import { receiptMessagesOf } from './receipt-messages';
import {
  messageFactsChanged,
  sealedMessageFactsOf,
  type RegistrationMessage,
} from './registration-messages';

/** A registration's stream as read: what the next events are decided from. */
export interface LoadedRegistration {
  registrationId: string;
  state: RegistrationState | undefined;
  /** The stream's version: NO_STREAM for a registration not created yet. */
  version: number;
  history: DecodedRegistrationEvent[];
  /** The key of its personal data; undefined for a new one, and once it has been erased. */
  key: Buffer | undefined;
}

/** A registration that does not exist yet, to be created by the events appended to it. */
export function newRegistration(registrationId: string): LoadedRegistration {
  return { registrationId, state: undefined, version: NO_STREAM, history: [], key: undefined };
}

export interface RegistrationAppend {
  /** The registration as the events were decided from (its version is the one expected). */
  from: LoadedRegistration;
  events: RegistrationEvent[];
  metadata: EventMetadata;
  /**
   * For a new registration: its key, made beforehand, and the personal fields of its first
   * event already sealed with it (sealRegistrationPersonalData), so the encryption happens
   * outside the slot's lock.
   */
  personalData?: { key: Buffer; sealed: string };
}

/** What one transaction did to the registrations; published after COMMIT. */
export class RegistrationTransaction {
  readonly recorded: DecodedRegistrationEvent[] = [];
  private readonly afterCommitCallbacks: (() => void)[] = [];
  /** Each registration this transaction appended to, as it leaves it, with its key. */
  readonly written = new Map<string, { state: RegistrationState; key: Buffer | undefined }>();
  /** The slot of each registration this transaction appended to: where its money is counted. */
  readonly slots = new Map<string, RegistrationSlot>();

  constructor(readonly manager: EntityManager) {}

  /** The slot's lock and seats for this transaction (lockSlotSeats). */
  lockSlot(event: string, time: string): Promise<SlotSeats> {
    return lockSlotSeats(this.manager, event, time);
  }

  /** With the slot's lock held: the locks of these client addresses (lockClientHolds). */
  lockClients(clients: readonly string[]): Promise<void> {
    return lockClientHolds(this.manager, clients);
  }

  /** Work for after COMMIT that does not belong in the database (e.g. waking a worker). */
  afterCommit(callback: () => void): void {
    this.afterCommitCallbacks.push(callback);
  }

  runAfterCommit(): void {
    for (const callback of this.afterCommitCallbacks) callback();
  }
}

/**
 * The registrations' write side, one protocol for every change: in a transaction, load the
 * registration (and lock its slot when seats may move), decide with the domain, append with
 * the version the decision was made from, and write the read models through the one fold,
 * before COMMIT. The events reach the EventBus after the COMMIT.
 */
@Injectable()
export class RegistrationStore {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly eventBus: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs `work` in one transaction; the events it records reach the EventBus only once the
   * transaction has committed. A concurrency conflict is retried a few times from scratch.
   */
  transaction<T>(work: (tx: RegistrationTransaction) => Promise<T>): Promise<T> {
    return retryingConflicts(async () => {
      let tx: RegistrationTransaction | undefined;
      const result = await this.dataSource.transaction(async (manager) => {
        tx = new RegistrationTransaction(manager);
        const done = await work(tx);
        // As it closes, after every slot lock it took: its money in the accounts, and receipts.
        const { receipts } = await recordMoney(manager, tx.recorded, tx.slots, this.config.seller);
        // An erased registration has nobody left to send its receipt to (the log keeps it).
        await this.queueMessages(
          tx,
          receiptMessagesOf(receipts).filter((message) => tx!.written.has(message.registrationId)),
        );
        return done;
      });
      if (tx) {
        tx.runAfterCommit();
        if (tx.recorded.length > 0) {
          this.eventBus.publish(new RegistrationEventsRecorded(tx.recorded));
        }
      }
      return result;
    });
  }

  load(tx: RegistrationTransaction, registrationId: string): Promise<LoadedRegistration> {
    return loadRegistration(tx.manager, registrationId);
  }

  /**
   * A registration as read under its slot's lock, for a decision that may move seats: read once
   * to learn its slot, the lock taken (lockSlot), then read again, so that the decision is made
   * on the state and the seats as the lock's holder sees them. Null when it does not exist.
   */
  async loadUnderSlotLock(
    tx: RegistrationTransaction,
    registrationId: string,
  ): Promise<{ loaded: LoadedRegistration; state: RegistrationState; seats: SlotSeats } | null> {
    const first = await this.load(tx, registrationId);
    if (!first.state) return null;
    const seats = await tx.lockSlot(first.state.event, first.state.time);
    const loaded = await this.load(tx, registrationId);
    // A registration never goes away from its stream: erased, it is 'deleted'.
    return loaded.state ? { loaded, state: loaded.state, seats } : null;
  }

  /** appendAll for one registration. */
  async append(
    tx: RegistrationTransaction,
    from: LoadedRegistration,
    events: RegistrationEvent[],
    metadata: EventMetadata,
  ): Promise<DecodedRegistrationEvent[]> {
    const [recorded] = await this.appendAll(tx, [{ from, events, metadata }]);
    return recorded;
  }

  /**
   * Appends each registration's events at the version it was decided from (a new registration
   * at NO_STREAM, with a personal-data key of its own), all in one statement, and writes the
   * read models through the fold: each registration's history, then its new events. Returns
   * each one's recorded events, in the order given.
   */
  async appendAll(
    tx: RegistrationTransaction,
    appends: RegistrationAppend[],
  ): Promise<DecodedRegistrationEvent[][]> {
    const writing = await withSeatNumbers(
      tx,
      appends.filter((append) => append.events.length > 0),
    );
    if (writing.length === 0) return appends.map(() => []);
    if (new Set(writing.map((append) => append.from.registrationId)).size !== writing.length) {
      throw new Error('appendAll takes each registration once, with all of its events');
    }
    for (const { from, events } of writing) {
      const first = events[0];
      const slot = from.state ?? (first.type === 'RegistrationCreated' ? first.data : undefined);
      if (slot) tx.slots.set(from.registrationId, { event: slot.event, time: slot.time });
    }
    const created = writing.filter((append) => append.from.version === NO_STREAM);
    const keys = new Map<string, Buffer>();
    if (created.length > 0) {
      const { keys: made, insert } = newPersonalDataKeys(
        created.map((append) => registrationStreamId(append.from.registrationId)),
        created.map((append) => append.personalData?.key),
      );
      created.forEach((append, index) => keys.set(append.from.registrationId, made[index]));
      await tx.manager.query(insert.text, insert.parameters);
    }
    const keyOf = (from: LoadedRegistration) => keys.get(from.registrationId) ?? from.key;
    const fold = new ReadModelFold();
    for (const { from } of writing) {
      const current = foldHistory(from.history);
      if (current) fold.seed(current);
    }
    const inOrder: DecodedRegistrationEvent[] = [];
    const byRecord = new Map<RecordedEvent, DecodedRegistrationEvent>();
    const recorded = await appendAndFold<RegistrationEvent>(
      tx.manager,
      writing.map(({ from, events }) => ({
        streamId: registrationStreamId(from.registrationId),
        expectedVersion: from.version,
        facts: events,
      })),
      (event, position, change) => {
        const { from, metadata, personalData } = writing[change];
        return {
          type: event.type,
          schemaVersion: registrationEventSchemaVersion(event.type),
          // No key for an existing registration means it was erased: facts without personal
          // data (a refund of a payment that arrives after the deletion) are still recorded;
          // the codec refuses the rest.
          data: encodeRegistrationEvent(
            event,
            keyOf(from),
            position === 0 && from.version === NO_STREAM ? personalData?.sealed : undefined,
          ),
          metadata,
        };
      },
      {
        apply: ({ fact, recorded: record }) => {
          const item = { event: fact, recorded: record, personalDataErased: false };
          inOrder.push(item);
          byRecord.set(record, item);
          fold.apply(item);
        },
        write: (sql) => writeReadModels(sql, fold),
      },
    );
    const decoded = recorded.map((items) => items.map((item) => byRecord.get(item.recorded)!));
    await noteWritten(tx, writing, fold, keyOf);

    tx.recorded.push(...inOrder);
    const byRegistration = new Map(
      writing.map((append, index) => [append.from.registrationId, decoded[index]]),
    );
    return appends.map((append) => byRegistration.get(append.from.registrationId) ?? []);
  }

  /**
   * Queues emails about registrations in `tx`, each carrying its registration's facts as this
   * transaction leaves it (MessageFacts, sealed with its key), in one statement. A registration
   * whose key was shredded gets a row with no facts, which its worker cancels.
   */
  async queueMessages(
    tx: RegistrationTransaction,
    messages: readonly RegistrationMessage[],
  ): Promise<void> {
    if (messages.length === 0) return;
    const notifications = [];
    for (const message of messages) {
      const { registrationId, ...notification } = message;
      const written =
        tx.written.get(registrationId) ?? (await loadRegistration(tx.manager, registrationId));
      notifications.push({
        ...notification,
        registrationId,
        facts:
          written.state && written.key
            ? sealedMessageFactsOf(written.state, written.key)
            : undefined,
      });
    }
    const insert = notificationsInsert(notifications);
    await tx.manager.query(insert.text, insert.parameters);
  }
}

/**
 * The appends, each registration that takes a seat for good by its events (paid, or confirmed
 * from the waiting list) given its seat number as a fact (SeatNumbered, after those events):
 * every path that seats someone passes here, so none can forget it. The numbers in use are read
 * under the slot's lock (taken again if the caller holds it already), as the seats are, with
 * what this same append frees or numbers.
 */
async function withSeatNumbers(
  tx: RegistrationTransaction,
  appends: RegistrationAppend[],
): Promise<RegistrationAppend[]> {
  // Each append has events, so each leaves a state (evolve throws for a stream not created).
  const after = appends.map((append) =>
    append.events.reduce<RegistrationState | undefined>(evolve, append.from.state)!,
  );
  const slots = new Map<string, { event: string; time: string }>();
  for (const state of after) {
    if (holdsTicket(state.status) && state.seatNumber === null) {
      slots.set(`${state.event}\u0000${state.time}`, { event: state.event, time: state.time });
    }
  }
  if (slots.size === 0) return appends;
  const numbered = [...appends];
  // In one order (by slot key), as every lock of more than one slot is taken.
  for (const [key, slot] of [...slots].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx.lockSlot(slot.event, slot.time);
    const rows: { id: string; seat_number: number }[] = await tx.manager.query(
      `SELECT id, seat_number FROM registration_view
        WHERE event = $1 AND time = $2 AND seat_number IS NOT NULL`,
      [slot.event, slot.time],
    );
    const inUse = new Map(rows.map((row) => [row.id, row.seat_number]));
    appends.forEach((append, index) => {
      inUse.delete(append.from.registrationId);
      // What this append leaves each registration of the slot: its number, or none.
      const state = after[index];
      if (`${state.event}\u0000${state.time}` === key && state.seatNumber !== null) {
        inUse.set(state.id, state.seatNumber);
      }
    });
    appends.forEach((append, index) => {
      const state = after[index];
      if (`${state.event}\u0000${state.time}` !== key) return;
      const seat = numberSeat(state, new Set(inUse.values()));
      if (seat.length === 0) return;
      numbered[index] = { ...append, events: [...append.events, ...seat] };
      inUse.set(state.id, seat.reduce(evolve, state).seatNumber!);
    });
  }
  return numbered;
}

/**
 * Notes what `tx` leaves each written registration as (its fold), for the messages it queues
 * next, and writes the facts of those whose messages waiting to be sent read them
 * (messageFactsChanged) into those messages, in one statement. A registration erased leaves the
 * fold, and its messages are cancelled by the erasure.
 */
async function noteWritten(
  tx: RegistrationTransaction,
  writing: readonly RegistrationAppend[],
  fold: ReadModelFold,
  keyOf: (from: LoadedRegistration) => Buffer | undefined,
): Promise<void> {
  const refreshed = [];
  for (const { from } of writing) {
    const before = from.state;
    const after = fold.registrations.get(from.registrationId)?.state;
    if (!after) continue;
    const key = keyOf(from);
    tx.written.set(from.registrationId, { state: after, key });
    if (before && key && messageFactsChanged(before, after)) {
      refreshed.push({
        registrationId: from.registrationId,
        facts: sealedMessageFactsOf(after, key),
      });
    }
  }
  await refreshMessageFacts(tx.manager, refreshed);
}

export async function loadRegistration(
  sql: SqlExecutor,
  registrationId: string,
): Promise<LoadedRegistration> {
  const streamId = registrationStreamId(registrationId);
  const stream = await loadStream(sql, streamId, (record) => record);
  if (stream.history.length === 0) return newRegistration(registrationId);
  const key = await findPersonalDataKey(sql, streamId);
  const history = stream.history.map((record) => decodeRegistrationEvent(record, key));
  return {
    registrationId,
    state: replay(history.map((item) => item.event)),
    version: stream.version,
    history,
    key,
  };
}

/**
 * The facts of a message queued before messages carried them, read from the registration as it
 * is (the EarlierMessageFacts port, RegistrationPortsModule).
 */
export async function earlierMessageFacts(
  sql: SqlExecutor,
  registrationId: string,
): Promise<SealedMessageFacts | undefined> {
  const { state, key } = await loadRegistration(sql, registrationId);
  return state && key ? sealedMessageFactsOf(state, key) : undefined;
}
