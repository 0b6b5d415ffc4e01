import type { DataSource } from 'typeorm';
import type { Catalogue } from '../../catalogue/catalogue';
import { readAllInBatches } from '../../event-store/read-all';
import { findPersonalDataKeys } from '../../personal-data/personal-data-vault';
import { REGISTRATION_EVENT_TYPES } from '../domain/registration-events';
import { decodeRegistrationEvent } from '../registration-event-codec';
import { projectRegistrationEvent } from './registration.projection';
import { syncSlotLimits } from './slot-limits';

/**
 * Throws the registration read models away and replays the whole log into them, with the same
 * projection code that runs live. Writers wait on the table locks until the rebuild commits.
 */
export async function rebuildProjections(
  dataSource: DataSource,
  catalogue: Catalogue,
): Promise<{ events: number }> {
  const types = new Set<string>(REGISTRATION_EVENT_TYPES);
  return dataSource.transaction(async (manager) => {
    await manager.query('LOCK TABLE registration_view, slot_capacity IN ACCESS EXCLUSIVE MODE');
    await manager.query('TRUNCATE registration_view, slot_capacity');
    await syncSlotLimits(manager, catalogue);
    let count = 0;
    for await (const batch of readAllInBatches(manager, 0, 2000)) {
      const registrationEvents = batch.filter(
        (event) => types.has(event.type) && event.streamId.startsWith('registration-'),
      );
      const keys = await findPersonalDataKeys(manager, [
        ...new Set(registrationEvents.map((event) => event.streamId)),
      ]);
      for (const recorded of registrationEvents) {
        await projectRegistrationEvent(
          manager,
          decodeRegistrationEvent(recorded, keys.get(recorded.streamId)),
        );
        count += 1;
      }
    }
    return { events: count };
  });
}
