import type { DataSource } from 'typeorm';
import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * A slot's seats as slot_capacity counts them: its limit, held (holds and offers), paid,
 * confirmed and waiting; and how many of its registrations are offered, cancelled, released
 * and refunded.
 */
export interface SlotSeatsRow {
  event: string;
  time: string;
  seat_limit: number;
  held: number;
  offered: number;
  paid: number;
  confirmed: number;
  waiting_list: number;
  cancelled: number;
  released: number;
  refunded: number;
}

/** Every slot's counts, for the Command Center's totals and counts and the metrics alike. */
export function readSlotSeats(dataSource: DataSource): Promise<SlotSeatsRow[]> {
  return dataSource.query(
    `SELECT event, time, seat_limit, held, offered, paid, confirmed, waiting_list, cancelled,
            released, refunded
       FROM slot_capacity ORDER BY event, time`,
  ) as Promise<SlotSeatsRow[]>;
}

/** A slot's limit, its seats taken and its waiting list. */
export interface SlotSeatCountRow {
  event: string;
  time: string;
  seat_limit: number;
  seats_taken: number;
  waiting_list: number;
}

/** Every slot's limit, seats taken and waiting list, or only those of one event. */
export function readSeatCounts(sql: SqlExecutor, event?: string): Promise<SlotSeatCountRow[]> {
  return event === undefined
    ? sql.query('SELECT event, time, seat_limit, seats_taken, waiting_list FROM slot_capacity')
    : sql.query(
        `SELECT event, time, seat_limit, seats_taken, waiting_list FROM slot_capacity
          WHERE event = $1`,
        [event],
      );
}

/**
 * The slots with someone waiting and a seat free, as the counts stand: only a shortlist, since
 * whether a seat is free is decided again under each slot's lock.
 */
export function slotsWithWaitingAndFreeSeats(
  sql: SqlExecutor,
): Promise<{ event: string; time: string }[]> {
  return sql.query(
    `SELECT event, time FROM slot_capacity
      WHERE waiting_list > 0 AND seats_taken < seat_limit ORDER BY event, time`,
  );
}
