import type { SqlExecutor } from '../event-store/sql-executor';

/** A slot's seats as the ledger counts them: how many it has, and how many are given. */
export interface SlotSeatCount {
  seatLimit: number;
  seatsTaken: number;
}

/** The key of the lock that serialises everything that gives or takes seats in one slot. */
export function slotLockKey(event: string, time: string): string {
  return `slot:${event}:${time}`;
}

/** The lock of one client address's unpaid holds, across slots (the cap per address). */
function clientLockKey(clientKey: string): string {
  return `client:${clientKey}`;
}

/**
 * Takes the slot's lock until COMMIT, across every app process, and reads its seats as the
 * lock's last holder left them: everything that gives or takes seats in a slot, or changes how
 * many it has (the tour's capacity), calls this first and decides from what it answers.
 */
export async function lockSlotSeats(
  sql: SqlExecutor,
  event: string,
  time: string,
): Promise<SlotSeatCount> {
  await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    slotLockKey(event, time),
  ]);
  // A statement of its own, so its snapshot is taken after the lock was granted.
  const [slot] = (await sql.query(
    'SELECT seat_limit, seats_taken FROM slot_capacity WHERE event = $1 AND time = $2',
    [event, time],
  )) as { seat_limit: number; seats_taken: number }[];
  // A slot the database does not know has no seats to give.
  return { seatLimit: slot?.seat_limit ?? 0, seatsTaken: slot?.seats_taken ?? 0 };
}

/**
 * Takes the locks of these client addresses until COMMIT, so that their unpaid holds (in any
 * slot) can be counted by a later statement; called with a slot's lock held. Each in one order
 * (sorted): two slots' batches that share clients wait for each other and never deadlock.
 */
export async function lockClientHolds(sql: SqlExecutor, clients: readonly string[]) {
  if (clients.length === 0) return;
  await sql.query(
    'SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM unnest($1::text[]) AS key',
    [[...new Set(clients)].sort().map(clientLockKey)],
  );
}
