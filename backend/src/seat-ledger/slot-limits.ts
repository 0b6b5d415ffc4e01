import type { SqlExecutor } from '../event-store/sql-executor';

export class SlotLimitBelowSeatsTakenError extends Error {}

export interface SeatLimit {
  event: string;
  time: string;
  capacity: number;
}

/**
 * Seat limits come from the tour; the counts beside them come from the events. A limit below
 * the seats a slot has already given is refused, in words here, and by the database
 * (slot_capacity's CHECK) whatever the path.
 */
export async function writeSeatLimits(sql: SqlExecutor, limits: SeatLimit[]): Promise<void> {
  if (limits.length === 0) return;
  const tour = [
    limits.map((limit) => limit.event),
    limits.map((limit) => limit.time),
    limits.map((limit) => limit.capacity),
  ];
  const overTaken: { event: string; time: string; seats_taken: number }[] = await sql.query(
    `SELECT event, time, seats_taken FROM slot_capacity
       JOIN unnest($1::text[], $2::text[], $3::int[]) AS tour(event, time, capacity)
      USING (event, time)
      WHERE seats_taken > tour.capacity`,
    tour,
  );
  if (overTaken.length > 0) {
    const named = overTaken
      .map((slot) => `${slot.event} ${slot.time} (${slot.seats_taken} taken)`)
      .join(', ');
    throw new SlotLimitBelowSeatsTakenError(
      `The tour gives fewer seats than are already taken in: ${named}. ` +
        'A slot cannot have fewer seats than it has given.',
    );
  }
  // Only rows whose limit changes are written: an unchanged limit wakes no capacity listener.
  await sql.query(
    `INSERT INTO slot_capacity AS current (event, time, seat_limit)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
     ON CONFLICT (event, time) DO UPDATE SET seat_limit = EXCLUDED.seat_limit
      WHERE current.seat_limit IS DISTINCT FROM EXCLUDED.seat_limit`,
    tour,
  );
}
