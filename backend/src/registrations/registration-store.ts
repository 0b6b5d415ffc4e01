import { Inject, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { DataSource, type EntityManager } from 'typeorm';
import { appendToNewStreams } from '../event-store/append-to-new-streams';
import { appendToStream } from '../event-store/append-to-stream';
import { ConcurrencyError } from '../event-store/concurrency-error';
import type { EventMetadata, RecordedEvent } from '../event-store/event-store.types';
import { readStream } from '../event-store/read-stream';
import { executeTogether, type SqlStatement } from '../event-store/sql-statement';
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
  type DecodedRegistrationEvent,
} from './registration-event-codec';
import {
  newRegistrationsProjection,
  projectRegistrationEvent,
} from './projections/registration.projection';
import { RegistrationEventsRecorded } from './registration-events-recorded';

export interface NewRegistration {
  registrationId: string;
  events: RegistrationEvent[];
  metadata: EventMetadata;
}

export interface LoadedRegistration {
  state: RegistrationState | undefined;
  version: number;
  history: DecodedRegistrationEvent[];
}

/** What one transaction did to the registrations; published after COMMIT. */
export class RegistrationTransaction {
  readonly recorded: DecodedRegistrationEvent[] = [];
  private readonly afterCommitCallbacks: (() => void)[] = [];

  constructor(readonly manager: EntityManager) {}

  /** Serialises everything that allocates seats in one slot, across every app process. */
  async lockSlot(event: string, time: string): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `slot:${event}:${time}`,
    ]);
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
  ) {}

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
          if (tx.recorded.length > 0) {
            this.eventBus.publish(new RegistrationEventsRecorded(tx.recorded));
          }
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
   * append() at version 0 for many new registrations at once, in two round trips: their keys
   * with their events, then their read-model rows together with `followUps` (further writes
   * that need the recorded events, e.g. outbox rows). Returns each registration's recorded
   * events, in the order given.
   */
  async appendNewRegistrations(
    tx: RegistrationTransaction,
    registrations: NewRegistration[],
    followUps: (recorded: DecodedRegistrationEvent[][]) => SqlStatement[] = () => [],
  ): Promise<DecodedRegistrationEvent[][]> {
    const streamIds = registrations.map((item) => registrationStreamId(item.registrationId));
    const { keys, insert: keysInsert } = newPersonalDataKeys(streamIds);
    const recorded = await appendToNewStreams(
      tx.manager,
      registrations.map((item, index) => ({
        streamId: streamIds[index],
        events: item.events.map((event) => ({
          type: event.type,
          data: encodeRegistrationEvent(event, keys[index]),
          metadata: item.metadata,
        })),
      })),
      [keysInsert],
    );
    const decoded = recorded.map((records, index) =>
      records.map((record, position) => ({
        event: registrations[index].events[position],
        recorded: record,
        personalDataErased: false,
      })),
    );
    const all = decoded
      .flat()
      .sort((a, b) => a.recorded.globalPosition - b.recorded.globalPosition);
    await executeTogether(tx.manager, [...newRegistrationsProjection(all), ...followUps(decoded)]);
    tx.recorded.push(...all);
    return decoded;
  }
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
