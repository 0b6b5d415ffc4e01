import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryResult } from 'pg';
import { PipelinedPool, send } from '../database/pipelined-pool';
import {
  newStreamsStatement,
  type NewStreamsStatement,
} from '../event-store/append-to-new-streams';
import {
  DECIDED_EVENT_COLUMNS,
  recordedFromSent,
  type DecidedEventRow,
  type RecordedEventRow,
} from '../event-store/recorded-event-row';
import { appendOneStatement } from '../event-store/append-to-stream';
import { appendToStream } from '../event-store/append-to-stream';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventMetadata, NewEvent, RecordedEvent } from '../event-store/event-store.types';
import { readStream } from '../event-store/read-stream';
import { combineStatements, type SqlStatement } from '../event-store/sql-statement';
import {
  createPersonalDataKey,
  findPersonalDataKey,
  newPersonalDataKeys,
} from '../personal-data/personal-data-vault';
import { replay, type RegistrationState } from './domain/registration';
import { registrationStreamId, type RegistrationEvent } from './domain/registration-events';
import {
  decodeRegistrationEvent,
  encodeRegistrationEvent,
  hasPersonalData,
  type DecodedRegistrationEvent,
} from './registration-event-codec';
import {
  appendedEventsProjection,
  projectRegistrationEvent,
} from './projections/registration.projection';
import { RegistrationEventsRecorded } from './registration-events-recorded';

const UNIQUE_VIOLATION = '23505';
const BEGIN: SqlStatement = { text: 'BEGIN', parameters: [] };
const COMMIT: SqlStatement = { text: 'COMMIT', parameters: [] };

export interface NewRegistration {
  registrationId: string;
  events: RegistrationEvent[];
  metadata: EventMetadata;
  /**
   * Its key, made beforehand, and the personal fields of its first event already sealed with
   * it (sealRegistrationPersonalData): the encryption then happens outside the slot's lock.
   */
  personalData?: { key: Buffer; sealed: string };
}

export interface LoadedRegistration {
  state: RegistrationState | undefined;
  version: number;
  history: DecodedRegistrationEvent[];
}

/**
 * The lock that serialises everything that allocates seats in one slot, until COMMIT: lock_slot()
 * (see the slot-allocation migration), which lock_slot_if_unchanged() takes too.
 */
export function slotLock(event: string, time: string): SqlStatement {
  return { text: 'SELECT lock_slot($1, $2)', parameters: [event, time] };
}

/** What one transaction did to the registrations; published after COMMIT. */
export class RegistrationTransaction {
  readonly recorded: DecodedRegistrationEvent[] = [];
  private readonly afterCommitCallbacks: (() => void)[] = [];

  constructor(readonly manager: EntityManager) {}

  /** Serialises everything that allocates seats in one slot, across every app process. */
  async lockSlot(event: string, time: string): Promise<void> {
    const lock = slotLock(event, time);
    await this.manager.query(lock.text, lock.parameters);
  }

  /** Work for after COMMIT that does not belong in the database (e.g. waking a worker). */
  afterCommit(callback: () => void): void {
    this.afterCommitCallbacks.push(callback);
  }

  runAfterCommit(): void {
    for (const callback of this.afterCommitCallbacks) callback();
  }
}

@Injectable()
export class RegistrationStore {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly eventBus: EventBus,
    private readonly pipelined: PipelinedPool,
  ) {}

  /** Hands events that have been committed to the EventBus, in log order; returns them. */
  private published(recorded: DecodedRegistrationEvent[]): DecodedRegistrationEvent[] {
    if (recorded.length > 0) this.eventBus.publish(new RegistrationEventsRecorded(recorded));
    return recorded;
  }

  /**
   * Runs `work` in one transaction; the events it records reach the EventBus only once the
   * transaction has committed. A concurrency conflict is retried a few times from scratch.
   */
  async transaction<T>(work: (tx: RegistrationTransaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let tx: RegistrationTransaction | undefined;
      try {
        const result = await this.dataSource.transaction(async (manager) => {
          tx = new RegistrationTransaction(manager);
          return work(tx);
        });
        if (tx) {
          tx.runAfterCommit();
          this.published(tx.recorded);
        }
        return result;
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < 5) continue;
        throw error;
      }
    }
  }

  async load(tx: RegistrationTransaction, registrationId: string): Promise<LoadedRegistration> {
    return loadRegistration(tx.manager, registrationId);
  }

  /** Appends the events, projects them inline, and keeps them for publication after COMMIT. */
  async append(
    tx: RegistrationTransaction,
    registrationId: string,
    expectedVersion: number,
    events: RegistrationEvent[],
    metadata: EventMetadata,
  ): Promise<DecodedRegistrationEvent[]> {
    if (events.length === 0) return [];
    const streamId = registrationStreamId(registrationId);
    const key =
      expectedVersion === 0
        ? await createPersonalDataKey(tx.manager, streamId)
        : await findPersonalDataKey(tx.manager, streamId);
    // No key means the registration was erased: facts without personal data (a refund of a
    // payment that arrives after the deletion) are still recorded; the codec refuses the rest.
    const recorded = await appendToStream(
      tx.manager,
      streamId,
      expectedVersion,
      events.map((event) => ({
        type: event.type,
        data: encodeRegistrationEvent(event, key),
        metadata,
      })),
    );
    const decoded = recorded.map((record: RecordedEvent, index) => ({
      event: events[index],
      recorded: record,
      personalDataErased: false,
    }));
    for (const item of decoded) await projectRegistrationEvent(tx.manager, item);
    tx.recorded.push(...decoded);
    return decoded;
  }

  /**
   * New registrations, each stream starting at version 0, written in one transaction pipelined
   * on a connection of its own (see PipelinedPool). Two ways:
   *
   * - `locked`: BEGIN, the lock and the read go out together; `decide` turns the read's rows
   *   into the registrations, and the write goes out with the COMMIT. The lock is held from
   *   the read's answer to the write: one round trip of this process.
   * - otherwise `decide` runs at once, from what the caller already knows, and gives a `check`:
   *   a statement that takes the lock and refuses (an error) unless what `decide` assumed still
   *   holds. BEGIN, the check, the write and the COMMIT go out together: one round trip, and
   *   the lock held for the server's time only. If the check refuses, nothing is written and
   *   its error is thrown.
   *
   * The write is one statement: the personal-data keys, the events, the read-model rows and
   * the `following` writes (e.g. outbox rows, which may join the events' rows as `appended`).
   * The events reach the EventBus after the COMMIT. Returns each registration's recorded
   * events, in the order decided.
   */
  async appendNewRegistrations<Row>(options: {
    locked?: { lock: SqlStatement; read: SqlStatement };
    decide: (rows: Row[]) => {
      registrations: NewRegistration[];
      following: SqlStatement[];
      check?: SqlStatement;
    };
  }): Promise<DecodedRegistrationEvent[][]> {
    const { locked, decide } = options;
    const decoded = await this.pipelined.transaction('allocation', async (client) => {
      const rows = locked
        ? ((await send(client, [BEGIN, locked.lock, locked.read]))[2].rows as Row[])
        : [];
      const { registrations, following, check } = decide(rows);
      if (!locked && !check) throw new Error('New registrations need the lock or a check');
      if (registrations.length === 0) {
        if (locked) await send(client, [COMMIT]);
        return [];
      }
      const leading = locked ? [] : [BEGIN, check!];
      const append = newRegistrationsStatement(registrations, following);
      let written: QueryResult;
      try {
        written = (await send(client, [...leading, append.statement, COMMIT]))[leading.length];
      } catch (error) {
        throw append.refusal(error);
      }
      return append.recorded(written.rows as RecordedEventRow[]).map((records, index) =>
        records.map((record, position) => ({
          event: registrations[index].events[position],
          recorded: record,
          personalDataErased: false,
        })),
      );
    });
    this.published(
      decoded.flat().sort((a, b) => a.recorded.globalPosition - b.recorded.globalPosition),
    );
    return decoded;
  }

  /**
   * append() for a registration whose state at `version` the caller holds (it has just created
   * it, say): `decide` gives the events from that state, and they go out with their read-model
   * rows as one statement, pipelined between BEGIN and COMMIT: one round trip instead of a
   * transaction that reads the stream, its key and its row first. If the stream has moved on
   * meanwhile (a ConcurrencyError), or the events carry personal data (which needs the key) or
   * delete the registration, it is the usual transaction: load, decide again, append.
   */
  async appendKnowing(
    known: { registrationId: string; state: RegistrationState; version: number },
    decide: (state: RegistrationState) => RegistrationEvent[],
    metadata: EventMetadata,
  ): Promise<DecodedRegistrationEvent[]> {
    const { registrationId, state, version } = known;
    const events = decide(state);
    const projection =
      events.length === 1 && !hasPersonalData(events[0])
        ? appendedEventsProjection(
            [{ event: events[0], streamVersion: version + 1 }],
            [{ state, version }],
          )
        : undefined;
    if (projection) {
      const streamId = registrationStreamId(registrationId);
      const sent: NewEvent = {
        type: events[0].type,
        data: encodeRegistrationEvent(events[0], undefined),
        metadata,
      };
      const statement = combineStatements(
        projection,
        { text: `SELECT ${DECIDED_EVENT_COLUMNS} FROM appended`, parameters: [] },
        { name: 'appended', statement: appendOneStatement(streamId, version, sent) },
      );
      let rows: DecidedEventRow[] = [];
      try {
        rows = await this.pipelined.transaction('appends', async (client) => {
          const [, written] = await send(client, [BEGIN, statement, COMMIT]);
          return written.rows as DecidedEventRow[];
        });
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      }
      if (rows.length === 1) {
        const decoded = [
          {
            event: events[0],
            recorded: recordedFromSent(rows[0], sent),
            personalDataErased: false,
          },
        ];
        return this.published(decoded);
      }
      // The stream was not at `version`: decide again from what it is.
    }
    return this.transaction(async (tx) => {
      const loaded = await this.load(tx, registrationId);
      if (!loaded.state) throw new Error(`Registration ${registrationId} has no events`);
      return this.append(tx, registrationId, loaded.version, decide(loaded.state), metadata);
    });
  }
}

/** The keys, events, read-model rows and `following` writes of new registrations, as one statement. */
function newRegistrationsStatement(
  registrations: NewRegistration[],
  following: SqlStatement[],
): NewStreamsStatement {
  const streamIds = registrations.map((item) => registrationStreamId(item.registrationId));
  const { keys, insert: keysInsert } = newPersonalDataKeys(
    streamIds,
    registrations.map((item) => item.personalData?.key),
  );
  return newStreamsStatement(
    registrations.map((item, index) => ({
      streamId: streamIds[index],
      events: item.events.map((event, position) => ({
        type: event.type,
        data: encodeRegistrationEvent(
          event,
          keys[index],
          position === 0 ? item.personalData?.sealed : undefined,
        ),
        metadata: item.metadata,
      })),
    })),
    [keysInsert],
    [
      ...appendedEventsProjection(
        registrations.flatMap((item) =>
          item.events.map((event, index) => ({ event, streamVersion: index + 1 })),
        ),
      )!,
      ...following,
    ],
  )!;
}

export async function loadRegistration(
  manager: EntityManager,
  registrationId: string,
): Promise<LoadedRegistration> {
  const streamId = registrationStreamId(registrationId);
  const records = await readStream(manager, streamId);
  if (records.length === 0) return { state: undefined, version: 0, history: [] };
  const key = await findPersonalDataKey(manager, streamId);
  const history = records.map((record) => decodeRegistrationEvent(record, key));
  return {
    state: replay(history.map((item) => item.event)),
    version: records[records.length - 1].streamVersion,
    history,
  };
}
