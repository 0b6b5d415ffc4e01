import type { DataSource } from 'typeorm';
import type { Catalogue } from '../../tour/catalogue';
import { resetSlotCounts } from '../../seat-ledger/slot-counts';
import {
  rebuildTourReadModel,
  syncSlotLimits,
} from '../../tour/projections/rebuild-tour-read-model';
import { replayWholeLog } from '../../event-store/log-queries';
import { findPersonalDataKeysByPrefix } from '../../personal-data/personal-data-vault';
import { rebuildOperatorView } from '../../auth/operators/operator-fold';
import { REGISTRATION_EVENT_TYPES, type RegistrationEvent } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { ReadModelFold, writeReadModels } from './read-model-fold';
import { withoutSecondaryIndexes } from '../../database/secondary-indexes';

const READ_BATCH = 10_000;

/**
 * Events whose personal fields the read models show. The others (a shared dream's text) are
 * not decrypted during a replay: the fold never reads them.
 */
const PERSONAL_DATA_READ: ReadonlySet<RegistrationEvent['type']> = new Set([
  'RegistrationCreated',
  'DreamEdited',
  'SheetDreamApproved',
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
  catalogue: Catalogue,
): Promise<{ events: number; registrations: number }> {
  const types = new Set<string>(REGISTRATION_EVENT_TYPES);
  return dataSource.transaction(async (manager) => {
    await manager.query('LOCK TABLE registration_view IN ACCESS EXCLUSIVE MODE');
    await resetSlotCounts(manager);
    await manager.query('TRUNCATE registration_view');
    const tourFacts = await rebuildTourReadModel(manager);
    await rebuildOperatorView(manager);
    if (tourFacts === 0) await syncSlotLimits(manager, catalogue);
    const keys = await findPersonalDataKeysByPrefix(manager, 'registration-');
    const fold = new ReadModelFold();
    let count = 0;
    for await (const batch of replayWholeLog(manager, READ_BATCH)) {
      for (const recorded of batch) {
        if (!types.has(recorded.type) || !recorded.streamId.startsWith('registration-')) continue;
        const key = PERSONAL_DATA_READ.has(recorded.type as RegistrationEvent['type'])
          ? keys.get(recorded.streamId)
          : undefined;
        fold.apply(decodeRegistrationEvent(recorded, key));
        count += 1;
      }
    }
    // The rows in bulk, then the console's search and page indexes built once over them.
    await withoutSecondaryIndexes(manager, 'registration_view', () =>
      writeReadModels(manager, fold, 'empty table'),
    );
    return { events: count, registrations: fold.registrations.size };
  });
}
