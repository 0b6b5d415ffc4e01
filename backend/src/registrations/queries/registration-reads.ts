import { isDoorHandle } from '../domain/door-handle';
import type { SqlExecutor } from '../../event-store/sql-executor';
import { TICKET_HOLDING_STATUSES, type RegistrationStatus } from '../domain/registration';
import type { PersonAndSlotColumns, RegistrationViewRow } from './registration-view-row';
import { MONEY_COLUMNS, type MoneyColumns } from './pending-move.dto';
import { registrationStreamId } from '../domain/registration-events';

/**
 * The registrations' read model (registration_view) as the capabilities beside the core and
 * the floors below read it: each function takes the caller's SqlExecutor (a transaction's
 * manager where the caller reads under its locks, the DataSource elsewhere), so the read runs
 * where it ran before. registration_view is the core's table; no other folder names it (the
 * table-owners lint, scripts/table-owners.mjs).
 */

/** A registration's slot, if it is there. */
export async function slotOfRegistration(
  sql: SqlExecutor,
  registrationId: string,
): Promise<{ event: string; time: string } | undefined> {
  const [row]: { event: string; time: string }[] = await sql.query(
    'SELECT event, time FROM registration_view WHERE id = $1',
    [registrationId],
  );
  return row;
}

/** The ids of a slot's waiting list (in no particular order). */
export async function waitingIdsOfSlot(
  sql: SqlExecutor,
  event: string,
  time: string,
): Promise<{ id: string }[]> {
  return sql.query(
    `SELECT id FROM registration_view WHERE event = $1 AND time = $2 AND status = 'waiting'`,
    [event, time],
  );
}

/** The ids of a slot's seated people (TICKET_HOLDING_STATUSES) neither checked in nor marked no-show. */
export async function seatedNotArrivedIdsOfSlot(
  sql: SqlExecutor,
  event: string,
  time: string,
): Promise<{ id: string }[]> {
  return sql.query(
    `SELECT id FROM registration_view
      WHERE event = $1 AND time = $2 AND status = ANY($3::text[])
        AND checked_in_at IS NULL AND NOT no_show`,
    [event, time, TICKET_HOLDING_STATUSES],
  );
}

/** Each slot with seated people: how many are seated, checked in and no-shows. */
export async function doorCountsBySlot(sql: SqlExecutor): Promise<
  {
    event: string;
    time: string;
    seated: string;
    checked_in: string;
    no_shows: string;
    /** Seated people whose dream has no approved text on the performers' sheet yet. */
    sheet_unapproved: string;
  }[]
> {
  return sql.query(
    `SELECT event, time, count(*) AS seated,
              count(*) FILTER (WHERE checked_in_at IS NOT NULL) AS checked_in,
              count(*) FILTER (WHERE checked_in_at IS NULL AND no_show) AS no_shows,
              count(*) FILTER (WHERE sheet_dream IS NULL) AS sheet_unapproved
         FROM registration_view WHERE status = ANY($1::text[])
        GROUP BY event, time ORDER BY event, time`,
    [TICKET_HOLDING_STATUSES],
  );
}

/** The earliest deadline of a hold or offer at or after `since`; null when none. */
export async function earliestHoldExpiry(sql: SqlExecutor, since: Date): Promise<Date | null> {
  const [row]: { next: Date | null }[] = await sql.query(
    `SELECT least(
       (SELECT min(hold_expires_at) FROM registration_view
         WHERE status IN ('held', 'offered') AND hold_expires_at >= $1),
       (SELECT min(move_expires_at) FROM registration_view
         WHERE move_expires_at IS NOT NULL AND move_expires_at >= $1)) AS next`,
    [since],
  );
  return row?.next ?? null;
}

/**
 * Up to `limit` seats held for a move waiting for its difference whose time is before `cutoff`,
 * the earliest first, with the difference's payment page (none when none was opened).
 */
export async function moveSeatsExpiredBefore(
  sql: SqlExecutor,
  cutoff: Date,
  limit: number,
): Promise<{ id: string; move_session_id: string | null; move_expires_at: Date }[]> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a batch size: ${limit}`);
  return sql.query(
    `SELECT id, move_session_id, move_expires_at FROM registration_view
      WHERE move_expires_at IS NOT NULL AND move_expires_at < $1
      ORDER BY move_expires_at LIMIT ${limit}`,
    [cutoff],
  );
}

/** Up to `limit` holds and offers whose deadline is before `cutoff`, the earliest first. */
export async function holdsExpiredBefore(
  sql: SqlExecutor,
  cutoff: Date,
  limit: number,
): Promise<{ id: string; checkout_session_id: string | null }[]> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Not a batch size: ${limit}`);
  return sql.query(
    `SELECT id, checkout_session_id FROM registration_view
      WHERE status IN ('held', 'offered') AND hold_expires_at < $1
      ORDER BY hold_expires_at LIMIT ${limit}`,
    [cutoff],
  );
}

/**
 * In one statement: which of `emailKeys` keep a place in the slot (rows with email_key), and
 * the unpaid holds each of `clientKeys` has in any slot (rows with client_key, holds and
 * first_expires). Run under the caller's slot and client locks.
 */
export async function placesAndClientHolds(
  sql: SqlExecutor,
  event: string,
  time: string,
  emailKeys: readonly string[],
  clientKeys: readonly string[],
): Promise<
  {
    email_key: string | null;
    client_key: string | null;
    holds: number;
    first_expires: Date | null;
  }[]
> {
  return sql.query(
    `SELECT email_key, NULL::text AS client_key, 0 AS holds, NULL::timestamptz AS first_expires
       FROM registration_view
      WHERE event = $1 AND time = $2 AND email_key = ANY($3::text[])
     UNION ALL
     SELECT NULL, client_key, count(*)::int, min(hold_expires_at)
       FROM registration_view
      WHERE status = 'held' AND client_key = ANY($4::text[])
      GROUP BY client_key`,
    [event, time, emailKeys, clientKeys],
  );
}

/** The ids of the held seats of one email (by its key) in the slot. */
export async function heldIdsOfEmail(
  sql: SqlExecutor,
  event: string,
  time: string,
  emailKey: string,
): Promise<{ id: string }[]> {
  return sql.query(
    `SELECT id FROM registration_view
      WHERE event = $1 AND time = $2 AND email_key = $3 AND status = 'held'`,
    [event, time, emailKey],
  );
}

/** What a visitor's booking page shows of a registration, if it is there. */
/** The registration a door handle names (registration_view.door_handle), if any. */
export async function registrationOfDoorHandle(
  sql: SqlExecutor,
  handle: string,
): Promise<string | undefined> {
  if (!isDoorHandle(handle)) return undefined;
  const [row]: { id: string }[] = await sql.query(
    'SELECT id FROM registration_view WHERE door_handle = $1',
    [handle],
  );
  return row?.id;
}

export async function bookingOf(
  sql: SqlExecutor,
  registrationId: string,
): Promise<
  | (MoneyColumns & {
      name: string | null;
      event: string;
      time: string;
      status: RegistrationStatus;
      hold_expires_at: Date | null;
      checked_in_at: Date | null;
    })
  | undefined
> {
  const [row] = await sql.query(
    `SELECT name, event, time, status, hold_expires_at, checked_in_at, ${MONEY_COLUMNS}
       FROM registration_view WHERE id = $1`,
    [registrationId],
  );
  return row;
}

/** The registrations a checkout session paid for, with what the payer's page confirms. */
export async function registrationsOfCheckoutSession(
  sql: SqlExecutor,
  checkoutSessionId: string,
): Promise<Pick<RegistrationViewRow, PersonAndSlotColumns | 'waiting_list' | 'paid' | 'status'>[]> {
  return sql.query(
    `SELECT id, name, email, whatsapp, event, time, waiting_list, paid, status
       FROM registration_view WHERE checkout_session_id = $1`,
    [checkoutSessionId],
  );
}

/** The streams of a slot's registrations as they are now (of an event's, without `time`). */
export async function slotRegistrationStreams(
  sql: SqlExecutor,
  event: string,
  time: string | undefined,
): Promise<string[]> {
  const rows: { id: string }[] = await sql.query(
    `SELECT id FROM registration_view WHERE event = $1${time === undefined ? '' : ' AND time = $2'}`,
    time === undefined ? [event] : [event, time],
  );
  return rows.map((row) => registrationStreamId(row.id));
}
