import { appendToStreams } from './append-to-stream';
import {
  NO_STREAM,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
} from './event-store.types';
import { readStream } from './read-stream';
import type { SqlExecutor } from './sql-executor';

/**
 * The one write protocol of the event-sourced parts (the registrations' and the tour's stores),
 * in one transaction that retryingConflicts runs again from scratch when another write came
 * first: load a stream (loadStream), decide its new facts from it with the domain, append them
 * at the version they were decided from, and fold them into the read models before COMMIT
 * (appendAndFold).
 */

/** A stream as read: its facts, oldest first, and the version a decision from them expects. */
export interface LoadedStream<F> {
  history: F[];
  /** NO_STREAM for a stream that does not exist yet. */
  version: ExpectedVersion;
}

/** Reads a stream and decodes each of its events. */
export async function loadStream<F>(
  sql: SqlExecutor,
  streamId: string,
  decode: (record: RecordedEvent) => F,
): Promise<LoadedStream<F>> {
  const records = await readStream(sql, streamId);
  return {
    history: records.map(decode),
    version: records.length === 0 ? NO_STREAM : records[records.length - 1].streamVersion,
  };
}

/** The facts decided for one stream, to append at the version they were decided from. */
export interface StreamChange<F> {
  streamId: string;
  expectedVersion: ExpectedVersion;
  facts: F[];
}

/** A fact as the log recorded it. */
export interface RecordedFact<F> {
  fact: F;
  recorded: RecordedEvent;
}

/** The read models a write keeps, seeded by the caller with what the streams were. */
export interface WriteFold<F> {
  apply(item: RecordedFact<F>): void;
  write(sql: SqlExecutor): Promise<void>;
}

/**
 * Appends each stream's facts at its expected version, all in one statement (a stream that
 * moved meanwhile refuses with a ConcurrencyError), then applies every recorded fact to `fold`
 * in the log's order and writes it. Answers each stream's recorded facts, in the order given.
 */
export async function appendAndFold<F>(
  sql: SqlExecutor,
  changes: readonly StreamChange<F>[],
  toEvent: (fact: F, position: number, change: number) => NewEvent,
  fold: WriteFold<F>,
): Promise<RecordedFact<F>[][]> {
  const recorded = await appendToStreams(
    sql,
    changes.map(({ streamId, expectedVersion, facts }, change) => ({
      streamId,
      expectedVersion,
      events: facts.map((fact, position) => toEvent(fact, position, change)),
    })),
  );
  const items = changes.map(({ facts }, change) =>
    facts.map((fact, position) => ({ fact, recorded: recorded[change][position] })),
  );
  items
    .flat()
    .sort((a, b) => a.recorded.globalPosition - b.recorded.globalPosition)
    .forEach((item) => fold.apply(item));
  await fold.write(sql);
  return items;
}
