import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { appendToStream } from '../event-store/append-to-stream';
import type { EventMetadata, RecordedEvent } from '../event-store/event-store.types';
import { NO_STREAM } from '../event-store/event-store.types';
import { readStream } from '../event-store/read-stream';
import { retryingConflicts } from '../event-store/retry-conflicts';
import type { SqlExecutor } from '../event-store/sql-executor';
import { findPersonalDataKey, newPersonalDataKeys } from '../personal-data/personal-data-vault';
import { operatorStreamId, type OperatorEvent, type OperatorState } from '../auth/operator';
import {
  decodeOperatorEvent,
  encodeOperatorEvent,
  OperatorFold,
  writeOperatorView,
  type DecodedOperatorEvent,
} from '../auth/operator-fold';

/** An operator's stream as read for a decision: its state, version and key. */
export interface LoadedOperator {
  operatorId: string;
  state: OperatorState | undefined;
  version: number;
  key: Buffer | undefined;
  history: DecodedOperatorEvent[];
}

/** An operator's stream, read and folded (an unknown operator reads as no state). */
export async function loadOperator(sql: SqlExecutor, operatorId: string): Promise<LoadedOperator> {
  const streamId = operatorStreamId(operatorId);
  const [recorded, key] = await Promise.all([
    readStream(sql, streamId),
    findPersonalDataKey(sql, streamId),
  ]);
  const history = recorded.map((event) => decodeOperatorEvent(event, key));
  const fold = new OperatorFold();
  for (const item of history) fold.apply(item);
  return {
    operatorId,
    state: fold.operators.get(operatorId)?.state,
    version: recorded.length === 0 ? NO_STREAM : recorded[recorded.length - 1].streamVersion,
    key,
    history,
  };
}

/**
 * The one write path of operators: in one transaction, load the operator's stream, decide,
 * append at the version read (a conflict is decided again from scratch), and fold the history
 * and the new events into operator_view with the fold a rebuild uses.
 */
@Injectable()
export class OperatorStore {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Runs `work` in a transaction, again from scratch when it loses a race on a stream. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingConflicts(() => this.dataSource.transaction(work));
  }

  load(sql: SqlExecutor, operatorId: string): Promise<LoadedOperator> {
    return loadOperator(sql, operatorId);
  }

  /** A new operator's stream: its personal data key is stored with its first events. */
  async start(
    sql: SqlExecutor,
    operatorId: string,
    events: OperatorEvent[],
    metadata: EventMetadata,
  ): Promise<RecordedEvent[]> {
    const { keys, insert } = newPersonalDataKeys([operatorStreamId(operatorId)]);
    await sql.query(insert.text, insert.parameters);
    return this.append(
      sql,
      { operatorId, state: undefined, version: NO_STREAM, key: keys[0], history: [] },
      events,
      metadata,
    );
  }

  async append(
    sql: SqlExecutor,
    loaded: LoadedOperator,
    events: OperatorEvent[],
    metadata: EventMetadata,
  ): Promise<RecordedEvent[]> {
    if (events.length === 0) return [];
    const recorded = await appendToStream(
      sql,
      operatorStreamId(loaded.operatorId),
      loaded.version,
      events.map((event) => ({
        type: event.type,
        data: encodeOperatorEvent(event, loaded.key),
        metadata,
      })),
    );
    const fold = new OperatorFold();
    for (const item of loaded.history) fold.apply(item);
    recorded.forEach((item, index) =>
      fold.apply({ event: events[index], recorded: item, personalDataErased: false }),
    );
    await writeOperatorView(sql, fold);
    return recorded;
  }
}
