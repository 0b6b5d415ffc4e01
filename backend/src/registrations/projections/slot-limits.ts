import type { Catalogue } from '../../catalogue/catalogue';
import type { SqlExecutor } from '../../event-store/sql-executor';

/** Seat limits come from the catalogue; the counts beside them come from the events. */
export async function syncSlotLimits(sql: SqlExecutor, catalogue: Catalogue): Promise<void> {
  const slots = catalogue.allSlots();
  await sql.query(
    `INSERT INTO slot_capacity (event, time, seat_limit)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
     ON CONFLICT (event, time) DO UPDATE SET seat_limit = EXCLUDED.seat_limit`,
    [
      slots.map(({ event }) => event.slug),
      slots.map(({ slot }) => slot.time),
      slots.map(({ slot }) => slot.capacity),
    ],
  );
}
