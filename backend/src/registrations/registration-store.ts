import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { DataSource, type EntityManager } from 'typeorm';
import { ConcurrencyError } from '../event-store/concurrency-error';
import { retryingConflicts } from '../event-store/retry-conflicts';
import {
  NO_STREAM,
  type EventMetadata,
  type RecordedEvent,
} from '../event-store/event-store.types';
import type { SqlExecutor } from '../event-store/sql-executor';
import { appendAndFold, loadStream } from '../event-store/stream-writes';
import {
  formerHolderKeyStream,
  sealMessageFacts,
  type SealedMessageFacts,
} from '../notifications/message-facts';
import {
  cancelHeldReminders,
  notificationsInsert,
  refreshMessageFacts,
  SHOW_REMINDER,
  type Notification,
} from '../notifications/outbox';
import { OutboxWorker } from '../notifications/outbox-worker';
import { APP_CONFIG } from '../config/app-config.token';
import type { AppConfig } from '../config/config';
import { LiveTour } from '../tour/live-tour';
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
import type { RegistrationSlot } from './domain/money';
import { recordMoney } from './receipts';
import { receiptMessagesOf } from './receipt-messages';
import {
  messageFactsChanged,
  messageFactsOf,
  sealedMessageFactsOf,
  type RegistrationMessage,
} from './registration-messages';
import { messagesOfRecorded } from './messages-of-events';
import { reminderArming } from './reminder-arming';

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

  /**
   * The locks and seats of several slots (a move holds two), taken in one order, by event and
   * then time as every lock of more than one slot is taken: two opposite moves wait for each
   * other and never deadlock. Answers each slot's seats by its key (slotKey).
   */
  async lockSlots(
    slots: readonly { event: string; time: string }[],
  ): Promise<Map<string, SlotSeats>> {
    const byKey = new Map(slots.map((slot) => [slotKey(slot.event, slot.time), slot]));
    const seats = new Map<string, SlotSeats>();
    for (const key of [...byKey.keys()].sort(compareKeys)) {
      const slot = byKey.get(key)!;
      seats.set(key, await this.lockSlot(slot.event, slot.time));
    }
    return seats;
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
 * before COMMIT, with the emails the new events cause (MESSAGES_OF_EVENTS), which wake the
 * outbox once committed. The events reach the EventBus after the COMMIT.
 */
@Injectable()
export class RegistrationStore {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly eventBus: EventBus,
    private readonly outbox: OutboxWorker,
    private readonly catalogue: LiveTour,
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
   * to learn its slot (and the slot of a seat held for its move, whose lock is taken too, in
   * the one order), the locks taken (lockSlots), then read again, so that the decision is made
   * on the state and the seats as the locks' holder sees them. A registration whose slots
   * changed between the two reads is decided again from scratch (ConcurrencyError). Null when
   * it does not exist. `seats` are its own slot's.
   */
  async loadUnderSlotLock(
    tx: RegistrationTransaction,
    registrationId: string,
  ): Promise<{ loaded: LoadedRegistration; state: RegistrationState; seats: SlotSeats } | null> {
    const first = await this.load(tx, registrationId);
    if (!first.state) return null;
    const slots = slotsOfRegistration(first.state);
    const seats = await tx.lockSlots(slots);
    const loaded = await this.load(tx, registrationId);
    // A registration never goes away from its stream: erased, it is 'deleted'.
    if (!loaded.state) return null;
    if (
      slotsOfRegistration(loaded.state).some((slot) => !seats.has(slotKey(slot.event, slot.time)))
    ) {
      throw new ConcurrencyError(registrationStreamId(registrationId), first.version);
    }
    return {
      loaded,
      state: loaded.state,
      seats: seats.get(slotKey(loaded.state.event, loaded.state.time))!,
    };
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
    await this.queueMessages(
      tx,
      writing.flatMap(({ from }, index) => messagesOfRecorded(from.state, decoded[index])),
    );

    tx.recorded.push(...inOrder);
    const byRegistration = new Map(
      writing.map((append, index) => [append.from.registrationId, decoded[index]]),
    );
    return appends.map((append) => byRegistration.get(append.from.registrationId) ?? []);
  }

  /**
   * Arms the show's reminder of these registrations again, for their slot's start as the tour
   * has it now: the one message queued without an event of theirs, when a slot moved (a tour's
   * fact) or a seat predates the reminders (ShowReminderPlanner). The caller holds their slot's
   * lock, so that each is read as its last change left it. Answers how many were queued.
   */
  async armReminders(
    tx: RegistrationTransaction,
    registrationIds: readonly string[],
  ): Promise<number> {
    let queued = 0;
    for (const registrationId of registrationIds) {
      queued += await this.queueMessages(tx, [{ kind: SHOW_REMINDER, registrationId }]);
    }
    return queued;
  }

  /**
   * Queues the emails `tx`'s events cause (the table's answer), each carrying its registration's
   * facts as this transaction leaves it (MessageFacts, sealed with its key), in one statement,
   * and wakes the outbox once the transaction has committed. A show's reminder is held until
   * REMINDER_HOURS_BEFORE its slot, and a reminder held for another slot start is cancelled (it
   * is armed again). A registration whose key was shredded gets a row with no facts, which its
   * worker cancels.
   */
  private async queueMessages(
    tx: RegistrationTransaction,
    messages: readonly RegistrationMessage[],
  ): Promise<number> {
    if (messages.length === 0) return 0;
    const notifications: Notification[] = [];
    const rearmed: { registrationId: string; armedFor: string | null }[] = [];
    for (const message of messages) {
      const { registrationId, ...notification } = message;
      const written =
        tx.written.get(registrationId) ?? (await loadRegistration(tx.manager, registrationId));
      let held: Partial<Notification> = {};
      if (message.kind === SHOW_REMINDER) {
        const arming =
          written.state &&
          reminderArming(
            written.state,
            this.catalogue,
            this.config.reminderHoursBefore,
            new Date(),
          );
        rearmed.push({ registrationId, armedFor: arming?.armedFor ?? null });
        if (!arming) continue;
        // Armed again for the same start (a booking handed on): a reminder of its own.
        const again = notification.payload?.armedAgain;
        const armedFor = again === undefined ? arming.armedFor : `${arming.armedFor} #${again}`;
        rearmed[rearmed.length - 1].armedFor = armedFor;
        held = { payload: { armedFor }, notBefore: arming.notBefore };
      }
      notifications.push({
        ...notification,
        ...held,
        registrationId,
        facts:
          written.state && written.key
            ? sealedMessageFactsOf(written.state, written.key)
            : undefined,
      });
    }
    await cancelHeldReminders(
      tx.manager,
      rearmed.map((arming) => arming.registrationId),
      rearmed.map((arming) => arming.armedFor),
    );
    if (notifications.length === 0) return 0;
    const insert = notificationsInsert(notifications);
    const [{ queued }]: { queued: number }[] = await tx.manager.query(
      insert.text,
      insert.parameters,
    );
    tx.afterCommit(() => this.outbox.nudge());
    return queued;
  }

  /**
   * Queues the notice to a booking's former holder, whose own key this transaction shreds (the
   * booking handed on): their facts as they were (`former`, named handed-on) are sealed with a
   * key of their own (formerHolderKeyStream), which the outbox shreds once the notice is sent.
   */
  async queueNoticeToFormerHolder(
    tx: RegistrationTransaction,
    message: RegistrationMessage,
    former: RegistrationState,
  ): Promise<void> {
    const keyStream = formerHolderKeyStream(message.registrationId);
    const { keys, insert: keyInsert } = newPersonalDataKeys([keyStream]);
    await tx.manager.query(keyInsert.text, keyInsert.parameters);
    const facts = sealMessageFacts(keys[0], keyStream, {
      ...messageFactsOf(former),
      status: 'handed-on',
    });
    const insert = notificationsInsert([{ ...message, facts }]);
    await tx.manager.query(insert.text, insert.parameters);
    tx.afterCommit(() => this.outbox.nudge());
  }
}

/** The slots a registration's seats are counted in: its own, and one held for its move. */
export function slotsOfRegistration(state: RegistrationState): { event: string; time: string }[] {
  const own = { event: state.event, time: state.time };
  return state.pendingMove
    ? [own, { event: state.pendingMove.event, time: state.pendingMove.time }]
    : [own];
}

/** A slot's key, by which locks of more than one slot are ordered. */
export function slotKey(event: string, time: string): string {
  return `${event}\u0000${time}`;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
      slots.set(slotKey(state.event, state.time), { event: state.event, time: state.time });
    }
  }
  if (slots.size === 0) return appends;
  const numbered = [...appends];
  // In one order (by slot key), as every lock of more than one slot is taken.
  for (const [key, slot] of [...slots].sort(([a], [b]) => compareKeys(a, b))) {
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
      if (slotKey(state.event, state.time) === key && state.seatNumber !== null) {
        inUse.set(state.id, state.seatNumber);
      }
    });
    appends.forEach((append, index) => {
      const state = after[index];
      if (slotKey(state.event, state.time) !== key) return;
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
