import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ConcurrencyError } from '../event-store/concurrency-error';
import { NO_STREAM, type EventMetadata, type NewEvent } from '../event-store/event-store.types';
import { streamExists } from '../event-store/log-queries';
import { retryingConflicts } from '../event-store/retry-conflicts';
import { appendAndFold, loadStream, type WriteFold } from '../event-store/stream-writes';
import type { SqlExecutor } from '../event-store/sql-executor';
import { SlotLimitBelowSeatsTakenError } from '../seat-ledger/slot-limits';
import { lockSlotSeats } from '../seat-ledger/slot-lock';
import { TourError } from './domain/tour-errors';
import {
  importedFacts,
  tourEventStreamId,
  TOUR_STREAM,
  type Tour,
  type TourEvent,
  type TourEventFact,
  type TourFact,
} from './domain/tour';
import {
  foldTourEvent,
  toTourFact,
  TourFold,
  writeTourReadModel,
} from './projections/tour-read-model-fold';
import { LiveTourSync } from './live-tour-sync';

/** What an operator's change decides from: the event as its stream leaves it. */
export interface TourChange {
  manager: EntityManager;
  state: TourEvent | undefined;
  /** Takes the slot's seat lock until COMMIT and answers the seats it has given. */
  seatsTaken(time: string): Promise<number>;
}

/**
 * The tour's write side, the registrations' protocol (event-store/stream-writes): in one
 * transaction, load the event's stream, decide with the domain, append at the version decided
 * from, and write the read model (and the seat limits) through the one fold before COMMIT. Every process then reloads its
 * catalogue: this one before answering, the others on NOTIFY tour_changed.
 */
@Injectable()
export class TourStore {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly sync: LiveTourSync,
  ) {}

  async change(
    slug: string,
    metadata: EventMetadata,
    decide: (change: TourChange) => Promise<TourEventFact[]> | TourEventFact[],
  ): Promise<void> {
    try {
      await retryingConflicts(() =>
        this.dataSource.transaction(async (manager) => {
          const streamId = tourEventStreamId(slug);
          const { history, version } = await loadStream(manager, streamId, toTourFact);
          const tourCurrency = await readTourCurrency(manager);
          const current = foldTourEvent(history, tourCurrency);
          const facts = await decide({
            manager,
            state: current?.state,
            seatsTaken: (time) => lockedSeatsTaken(manager, slug, time),
          });
          if (facts.length === 0) return;
          const fold = new TourFold(tourCurrency);
          if (current) fold.seed(current);
          await appendAndFold<TourFact>(
            manager,
            [{ streamId, expectedVersion: version, facts }],
            (fact) => toNewEvent(fact, metadata),
            writeFold(fold),
          );
        }),
      );
    } catch (error) {
      if (error instanceof ConcurrencyError) {
        throw new TourError(
          'concurrent-change',
          'The tour changed at the same moment; please try again.',
        );
      }
      // A slot named like one that left the tour with seats still taken: the words of the
      // guard beneath the domain, as a conflict.
      if (error instanceof SlotLimitBelowSeatsTakenError) {
        throw new TourError('capacity-below-seats-taken', error.message);
      }
      throw error;
    }
    await this.sync.reload();
  }
}

/** The tour's currency as its read model holds it (undefined before the tour was imported). */
async function readTourCurrency(manager: EntityManager): Promise<string | undefined> {
  const [row]: { currency: string }[] = await manager.query('SELECT currency FROM tour_view');
  return row?.currency;
}

/** The tour's read model as appendAndFold keeps it. */
function writeFold(fold: TourFold): WriteFold<TourFact> {
  return {
    apply: (item) => fold.apply(item),
    write: (sql: SqlExecutor) => writeTourReadModel(sql, fold),
  };
}

function toNewEvent(fact: TourFact, metadata: EventMetadata): NewEvent {
  return { type: fact.type, data: { ...fact.data }, metadata };
}

async function lockedSeatsTaken(manager: EntityManager, event: string, time: string) {
  return (await lockSlotSeats(manager, event, time)).seatsTaken;
}

/** The metadata of the facts that bring a tour file into the log. */
export const IMPORT_METADATA: EventMetadata = { actor: 'system', cause: 'import' };

const IMPORT_LOCK = 'tour:import';

/**
 * Brings `tour` into the log as its first facts when the log has no tour yet: the tour's own
 * stream (TourImported, with its currency) and each event's stream, all at NO_STREAM, with the
 * read model, in one transaction. Replicas booting together take turns on an advisory lock; the
 * later ones find the tour there and import nothing (and NO_STREAM would refuse them anyway).
 * Answers whether this call imported it.
 */
export async function importTourOnce(
  dataSource: DataSource,
  tour: Tour,
  source: string,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [IMPORT_LOCK]);
    if (await streamExists(manager, TOUR_STREAM)) return false;
    const imported: TourFact = {
      type: 'TourImported',
      data: { currency: tour.currency, source },
    };
    const streams: { streamId: string; facts: TourFact[] }[] = [
      { streamId: TOUR_STREAM, facts: [imported] },
      ...tour.events.map((event) => ({
        streamId: tourEventStreamId(event.slug),
        facts: importedFacts(event),
      })),
    ];
    await appendAndFold<TourFact>(
      manager,
      streams.map(({ streamId, facts }) => ({ streamId, expectedVersion: NO_STREAM, facts })),
      (fact) => toNewEvent(fact, IMPORT_METADATA),
      writeFold(new TourFold()),
    );
    return true;
  });
}
