import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * The counts slot_capacity keeps beside each slot's seat limit: the seats taken, and how many of
 * the slot's registrations stand in each status (held counts the offers too, as both hold a seat
 * for its payment; see STATUS_COUNT_COLUMNS).
 */
export const SLOT_COUNTS = [
  'held',
  'offered',
  'paid',
  'confirmed',
  'waiting_list',
  'cancelled',
  'released',
  'refunded',
  'seats_taken',
] as const;

export type SlotCountColumn = (typeof SLOT_COUNTS)[number];

/** How much each count of one slot moves. */
export type SlotCountMove = { event: string; time: string } & Record<SlotCountColumn, number>;

/**
 * Moves each slot's counts by what its registrations' events changed. PostgreSQL refuses a move
 * that would take more seats than the slot has (slot_capacity's CHECK): the guard under the
 * domain's decision.
 */
export async function moveSlotCounts(
  sql: SqlExecutor,
  slots: readonly SlotCountMove[],
): Promise<void> {
  const moving = slots.filter((slot) => SLOT_COUNTS.some((column) => slot[column] !== 0));
  if (moving.length === 0) return;
  // A slot unknown to slot_capacity (one that left the tour) still counts what happens in it,
  // with no seats of its own. (Not an upsert: PostgreSQL checks the CHECK on the row proposed
  // for insertion even when it conflicts and becomes an update.)
  const columns = SLOT_COUNTS.join(', ');
  await sql.query(
    `WITH counts AS (
       SELECT * FROM unnest($1::text[], $2::text[], ${SLOT_COUNTS.map((_, i) => `$${i + 3}::int[]`).join(', ')})
         AS counts(event, time, ${columns})
     ),
     moved AS (
       UPDATE slot_capacity AS current SET ${SLOT_COUNTS.map(
         (column) => `${column} = current.${column} + counts.${column}`,
       ).join(', ')}
         FROM counts
        WHERE current.event = counts.event AND current.time = counts.time
       RETURNING current.event, current.time
     )
     INSERT INTO slot_capacity (event, time, seat_limit, ${columns})
     SELECT event, time, 0, ${columns} FROM counts
      WHERE NOT EXISTS (SELECT 1 FROM moved WHERE moved.event = counts.event
                                              AND moved.time = counts.time)`,
    [
      moving.map((slot) => slot.event),
      moving.map((slot) => slot.time),
      ...SLOT_COUNTS.map((column) => moving.map((slot) => slot[column])),
    ],
  );
}

/**
 * Takes slot_capacity for a rebuild (ACCESS EXCLUSIVE until COMMIT) and sets every count to
 * zero; the seat limits stay.
 */
export async function resetSlotCounts(sql: SqlExecutor): Promise<void> {
  await sql.query('LOCK TABLE slot_capacity IN ACCESS EXCLUSIVE MODE');
  await sql.query(
    `UPDATE slot_capacity SET ${SLOT_COUNTS.map((column) => `${column} = 0`).join(', ')}`,
  );
}
