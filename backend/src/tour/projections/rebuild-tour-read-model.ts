import type { EntityManager } from 'typeorm';
import { readStreamFamily } from '../../event-store/log-queries';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { writeSeatLimits } from '../../seat-ledger/slot-limits';
import type { LiveTour } from '../live-tour';
import { TOUR_STREAMS } from '../domain/tour';
import { toTourFact, TourFold, writeTourReadModel } from './tour-read-model-fold';

/**
 * Throws the tour's read model away and folds the tour's streams into it again, through the
 * fold of live appends (tour-read-model-fold.ts), with the seat limits. Runs inside the
 * rebuild's transaction (rebuild-projections.ts), after slot_capacity's counts were reset.
 * Answers how many tour facts it folded (0: the log has no tour yet).
 */
export async function rebuildTourReadModel(manager: EntityManager): Promise<number> {
  await manager.query(
    'LOCK TABLE tour_view, tour_event_view, tour_slot_view IN ACCESS EXCLUSIVE MODE',
  );
  await manager.query('TRUNCATE tour_slot_view, tour_event_view, tour_view');
  const recorded = await readStreamFamily(manager, TOUR_STREAMS);
  const fold = new TourFold();
  for (const event of recorded) fold.apply(toTourFact(event));
  await writeTourReadModel(manager, fold);
  return recorded.length;
}

/** The seat limits of a tour not in the log yet (a database from before the tour's streams). */
export async function syncSlotLimits(sql: SqlExecutor, catalogue: LiveTour): Promise<void> {
  await writeSeatLimits(
    sql,
    catalogue.allSlots().map(({ event, slot }) => ({
      event: event.slug,
      time: slot.time,
      capacity: slot.capacity,
    })),
  );
}
