import type { SqlExecutor } from '../../event-store/sql-executor';
import { TICKET_HOLDING_STATUSES } from '../domain/registration';

/** Which registrations: a slot's, or the one registration's. */
export type SeatOrderOf = { event: string; time: string } | { registrationId: string };

const COLUMN = /^[a-z_]+$/;

/**
 * A slot's registrations in seat order, each with `seat`: the seat number recorded for it
 * (SeatNumbered, folded into registration_view.seat_number), null for one holding no ticket.
 * The seated come first by their numbers, the others after them by (created_at, id). The door
 * list, a check-in's answer and the performers' sheet all read seats here, so each shows the
 * number given when the seat was taken, whatever happened to the others since. `columns` are
 * registration_view's (named in code); `seatedOnly` leaves out the people without a seat.
 */
export async function inSeatOrder<Row extends object>(
  sql: SqlExecutor,
  of: SeatOrderOf,
  columns: readonly (keyof Row & string)[],
  options: { seatedOnly?: boolean } = {},
): Promise<(Row & { seat: number | null })[]> {
  for (const column of columns) {
    if (!COLUMN.test(column)) throw new Error(`Not a registration_view column: ${column}`);
  }
  const one = 'registrationId' in of;
  const parameters: unknown[] = one ? [of.registrationId] : [of.event, of.time];
  const which = [one ? 'id = $1' : 'event = $1 AND time = $2'];
  if (options.seatedOnly) {
    parameters.push(TICKET_HOLDING_STATUSES);
    which.push(`status = ANY($${parameters.length}::text[])`);
  }
  const rows: (Row & { seat_number: number | null })[] = await sql.query(
    `SELECT ${columns.join(', ')}, seat_number
       FROM registration_view
      WHERE ${which.join(' AND ')}
      ORDER BY seat_number NULLS LAST, created_at, id`,
    parameters,
  );
  return rows.map(({ seat_number, ...row }) => ({
    ...(row as unknown as Row),
    seat: seat_number,
  }));
}

/**
 * The seat number of a seated person's row: every seat taken for good is numbered in the same
 * append (and a log from before numbers were facts by the migration that recorded them), so a
 * seated row without one is a broken invariant, not an answer.
 */
export function seatNumberOf(row: { seat: number | null }): number {
  if (row.seat === null) throw new Error('A seated registration has no seat number');
  return row.seat;
}
