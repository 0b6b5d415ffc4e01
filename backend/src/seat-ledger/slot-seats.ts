import type { DataSource } from 'typeorm';

/** A slot's seats as slot_capacity counts them: its limit, held, paid, confirmed and waiting. */
export interface SlotSeatsRow {
  event: string;
  time: string;
  seat_limit: number;
  held: number;
  paid: number;
  confirmed: number;
  waiting_list: number;
}

/** Every slot's seat counts, for the Command Center's totals and the metrics alike. */
export function readSlotSeats(dataSource: DataSource): Promise<SlotSeatsRow[]> {
  return dataSource.query(
    `SELECT event, time, seat_limit, held, paid, confirmed, waiting_list
       FROM slot_capacity ORDER BY event, time`,
  ) as Promise<SlotSeatsRow[]>;
}
