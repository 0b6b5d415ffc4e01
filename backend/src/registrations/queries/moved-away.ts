import { valuesOfEventsWith } from '../../event-store/log-queries';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { EXISTING_REGISTRATION_STATUSES } from '../domain/registration';

/** A booking that moved out of a slot, where it is now. */
export interface MovedAwayRow {
  door_handle: string;
  name: string | null;
  event: string;
  time: string;
}

/**
 * The bookings that moved out of a slot (BookingMoved) and are in another slot now: their old
 * tickets still name this slot, and the check-in (checkIn in door-decisions.ts) refuses such a
 * ticket as for another slot, the one the booking is in now, whatever became of it there
 * (cancelled or refunded since, too); only an erased one is refused as cancelled, and is not
 * here. One that moved back is the slot's own again.
 */
export async function movedAwayFrom(
  sql: SqlExecutor,
  event: string,
  time: string,
): Promise<MovedAwayRow[]> {
  const ids = await valuesOfEventsWith(
    sql,
    'BookingMoved',
    { fromEvent: event, fromTime: time },
    'registrationId',
  );
  if (ids.length === 0) return [];
  return sql.query(
    `SELECT door_handle, name, event, time
       FROM registration_view
      WHERE id = ANY($1::uuid[])
        AND NOT (event = $2 AND time = $3)
        AND status = ANY($4::text[])
      ORDER BY created_at, id`,
    [ids, event, time, EXISTING_REGISTRATION_STATUSES],
  );
}
