import type { EntityManager } from 'typeorm';
import { toRecordedEvent, type RecordedEventRow } from '../../event-store/recorded-event-row';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { writeSeatLimits } from '../../seat-ledger/slot-limits';
import type { Catalogue } from '../catalogue';
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
  const rows: RecordedEventRow[] = await manager.query(
    `SELECT global_position, stream_id, stream_version, type, schema_version, data, metadata,
            recorded_at
       FROM events
      WHERE stream_id = 'tour' OR stream_id LIKE 'tour-event-%'
      ORDER BY global_position`,
  );
  const fold = new TourFold();
  for (const row of rows) fold.apply(toTourFact(toRecordedEvent(row)));
  await writeTourReadModel(manager, fold);
  return rows.length;
}

/** The seat limits of a tour not in the log yet (a database from before the tour's streams). */
export async function syncSlotLimits(sql: SqlExecutor, catalogue: Catalogue): Promise<void> {
  await writeSeatLimits(
    sql,
    catalogue.allSlots().map(({ event, slot }) => ({
      event: event.slug,
      time: slot.time,
      capacity: slot.capacity,
    })),
  );
}
