import type { SqlExecutor } from '../../event-store/sql-executor';
import { SEATED_STATUSES } from '../domain/registration';

/** Which registrations: a slot's, or the one registration's (read among its slot's). */
export type SeatOrderOf = { event: string; time: string } | { registrationId: string };

const COLUMN = /^[a-z_]+$/;

/**
 * A slot's registrations in seat order, (created_at, id), each with `seat`: how many of the
 * slot's seated people (SEATED_STATUSES: those holding a ticket) come up to it in that order,
 * so a seated person's seat number (1, 2, …). The door list, a check-in's answer and the
 * performers' sheet all number seats here. `columns` are registration_view's (named in code);
 * `seatedOnly` leaves out the people without a seat.
 */
export async function inSeatOrder<Row extends object>(
  sql: SqlExecutor,
  of: SeatOrderOf,
  columns: readonly (keyof Row & string)[],
  options: { seatedOnly?: boolean } = {},
): Promise<(Row & { seat: number })[]> {
  for (const column of columns) {
    if (!COLUMN.test(column)) throw new Error(`Not a registration_view column: ${column}`);
  }
  const one = 'registrationId' in of;
  const which = [
    ...(one ? ['seat_id = $2'] : []),
    ...(options.seatedOnly ? ['seat_status = ANY($1::text[])'] : []),
  ];
  const rows: (Row & { seat: string; seat_id: string; seat_status: string; seat_rank: string })[] =
    await sql.query(
      `SELECT * FROM (
         SELECT ${columns.join(', ')}, id AS seat_id, status AS seat_status,
                count(*) FILTER (WHERE status = ANY($1::text[])) OVER seat_order AS seat,
                row_number() OVER seat_order AS seat_rank
           FROM registration_view
          WHERE ${one ? '(event, time) = (SELECT event, time FROM registration_view WHERE id = $2)' : 'event = $2 AND time = $3'}
         WINDOW seat_order AS (ORDER BY created_at, id)) slot
       ${which.length > 0 ? `WHERE ${which.join(' AND ')}` : ''}
       ORDER BY seat_rank`,
      one ? [SEATED_STATUSES, of.registrationId] : [SEATED_STATUSES, of.event, of.time],
    );
  return rows.map(({ seat, seat_id: _id, seat_status: _status, seat_rank: _rank, ...row }) => ({
    ...(row as unknown as Row),
    seat: Number(seat),
  }));
}
