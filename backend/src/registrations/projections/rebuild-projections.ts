import type { DataSource } from 'typeorm';
import type { LiveTour } from '../../tour/live-tour';
import { resetSlotCounts } from '../../seat-ledger/slot-counts';
import {
  rebuildTourReadModel,
  syncSlotLimits,
} from '../../tour/projections/rebuild-tour-read-model';
import { replayWholeLog } from '../../event-store/log-queries';
import { findPersonalDataKeysByPrefix } from '../../personal-data/personal-data-vault';
import { rebuildOperatorView } from '../../auth/operator-fold';
import { REGISTRATION_EVENT_TYPES, type RegistrationEvent } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { ReadModelFold, writeReadModels } from './read-model-fold';
import { withIndexesBuiltAfter } from '../../database/indexes-built-after';
import { MoneyLedger, type ReceiptIssued } from '../domain/money';
import { writeMoneyMovements } from './money-fold';

const READ_BATCH = 10_000;

/**
 * Events whose personal fields the read models show. The others (a shared dream's text) are
 * not decrypted during a replay: the fold never reads them.
 */
const PERSONAL_DATA_READ: ReadonlySet<RegistrationEvent['type']> = new Set([
  'RegistrationCreated',
  'BookingReceived',
  'DreamEdited',
  'SheetDreamApproved',
  'SheetSuspicionsAnswered',
]);

/**
 * Throws the registration read models away and replays the whole log into them, through the
 * same fold as live appends (read-model-fold.ts): folded in memory, then written in bulk, so a
 * replay costs a few statements per thousands of events. The tour's read model is folded again
 * from its streams, with the slots' seat limits (a log from before the tour was in it takes
 * `catalogue`'s); the counts start from zero; the operators' read model (operator_view) is
 * folded again from their streams. Writers wait on the table locks until the rebuild commits.
 */
export async function rebuildProjections(
  dataSource: DataSource,
  catalogue: LiveTour,
): Promise<RebuildResult> {
  const types = new Set<string>(REGISTRATION_EVENT_TYPES);
  return dataSource.transaction(async (manager) => {
    const started = performance.now();
    await manager.query('LOCK TABLE registration_view IN ACCESS EXCLUSIVE MODE');
    await resetSlotCounts(manager);
    await manager.query('TRUNCATE registration_view');
    await manager.query('LOCK TABLE money_movements IN ACCESS EXCLUSIVE MODE');
    await manager.query('TRUNCATE money_movements');
    const tourFacts = await rebuildTourReadModel(manager);
    await rebuildOperatorView(manager);
    if (tourFacts === 0) await syncSlotLimits(manager, catalogue);
    const keys = await findPersonalDataKeysByPrefix(manager, 'registration-');
    const fold = new ReadModelFold();
    // The accounts: the registrations' money facts and the sellers' receipts, in the log's order.
    const ledger = new MoneyLedger();
    let count = 0;
    const reading = performance.now();
    for await (const batch of replayWholeLog(manager, READ_BATCH)) {
      for (const recorded of batch) {
        if (recorded.type === 'ReceiptIssued' && recorded.streamId.startsWith('receipts-')) {
          ledger.apply({ type: 'ReceiptIssued', data: recorded.data } as ReceiptIssued, recorded);
          continue;
        }
        if (!types.has(recorded.type) || !recorded.streamId.startsWith('registration-')) continue;
        const key = PERSONAL_DATA_READ.has(recorded.type as RegistrationEvent['type'])
          ? keys.get(recorded.streamId)
          : undefined;
        const decoded = decodeRegistrationEvent(recorded, key);
        fold.apply(decoded);
        ledger.apply(decoded.event, recorded);
        count += 1;
      }
    }
    // The rows in bulk, then every index built once over them: the primary key and the unique
    // ones (checking each row as they are built), the console's search and page indexes.
    const writing = performance.now();
    let indexing = writing;
    await withIndexesBuiltAfter(manager, 'registration_view', async () => {
      await writeReadModels(manager, fold, 'empty table');
      indexing = performance.now();
    });
    await writeMoneyMovements(manager, ledger, 'empty table');
    const done = performance.now();
    return {
      events: count,
      registrations: fold.registrations.size,
      seconds: {
        preparing: (reading - started) / 1000,
        readingAndFolding: (writing - reading) / 1000,
        writingRows: (indexing - writing) / 1000,
        buildingIndexes: (done - indexing) / 1000,
      },
    };
  });
}

export interface RebuildResult {
  /** The registration events folded. */
  events: number;
  /** The registration rows written. */
  registrations: number;
  /**
   * Where the time went, in seconds: the tour's and operators' read models and the keys, the
   * log read and folded, the rows written, the indexes built over them.
   */
  seconds: {
    preparing: number;
    readingAndFolding: number;
    writingRows: number;
    buildingIndexes: number;
  };
}

/** "preparing 0.05 s, reading and folding 0.80 s, …": for the command and the bench. */
export function rebuildPhases({ seconds }: RebuildResult): string {
  const parts: [string, number][] = [
    ['preparing', seconds.preparing],
    ['reading and folding', seconds.readingAndFolding],
    ['writing rows', seconds.writingRows],
    ['building indexes', seconds.buildingIndexes],
  ];
  return parts.map(([name, value]) => `${name} ${value.toFixed(2)} s`).join(', ');
}
