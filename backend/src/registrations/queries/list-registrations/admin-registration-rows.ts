import type { SqlExecutor } from '../../../event-store/sql-executor';
import { mayTogglePaidMark } from '../../domain/operator-decisions';
import { occupiesSeat, paidBy, LISTED_AS } from '../../domain/registration';
import { shortIdOf } from '../../domain/registration-id';
import { doorOfRow, type RegistrationViewRow } from '../registration-view-row';
import type { AdminRegistrationDto } from './admin-registration.response.dto';
import { MONEY_COLUMNS, netPaidOfRow, pendingMoveOfRow } from '../pending-move.dto';

/** The columns the console's rows are made from: every column of the read model. */
export type AdminRegistrationRow = RegistrationViewRow;

export const ADMIN_REGISTRATION_COLUMNS = `id, name, email, whatsapp, event, time, dreamed_captured, dream, waiting_list, paid,
  stripe_session_id, checkout_session_id, status, locale, hold_expires_at, shared_dreams,
  checked_in_at, no_show, seat_number, created_at, updated_at, version, ${MONEY_COLUMNS}`;

export function toAdminRegistrationDto(row: AdminRegistrationRow): AdminRegistrationDto {
  return {
    id: row.id,
    shortId: shortIdOf(row.id),
    name: row.name,
    email: row.email,
    whatsapp: row.whatsapp,
    event: row.event,
    time: row.time,
    dreamedCaptured: row.dreamed_captured,
    dream: row.dream,
    waitingList: row.waiting_list,
    paid: row.paid,
    stripeSessionId: row.stripe_session_id,
    checkoutSessionId: row.checkout_session_id,
    status: row.status,
    listedAs: LISTED_AS[row.status],
    holdsSeat: occupiesSeat(row.status),
    paidBy: paidBy({ paid: row.paid, stripeSessionId: row.stripe_session_id }),
    paidToggle: mayTogglePaidMark({
      status: row.status,
      paid: row.paid,
      stripeSessionId: row.stripe_session_id,
    }),
    locale: row.locale,
    holdExpiresAt: row.hold_expires_at ? row.hold_expires_at.toISOString() : null,
    sharedDreams: row.shared_dreams,
    door: doorOfRow(row),
    checkedInAt: row.checked_in_at ? row.checked_in_at.toISOString() : null,
    seat: row.seat_number,
    netPaid: netPaidOfRow(row),
    pendingMove: pendingMoveOfRow(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/**
 * The newest registrations, at most `UNPAGED_LIST_LIMIT`, from the read model. The Command
 * Center pages with GET /api/admin/registrations; this answer stays for scripts and is bounded.
 */
export const UNPAGED_LIST_LIMIT = 1000;

export async function selectAdminRegistrations(sql: SqlExecutor): Promise<AdminRegistrationDto[]> {
  const rows: AdminRegistrationRow[] = await sql.query(
    `SELECT ${ADMIN_REGISTRATION_COLUMNS} FROM registration_view
      ORDER BY created_at DESC, id DESC LIMIT ${UNPAGED_LIST_LIMIT}`,
  );
  return rows.map(toAdminRegistrationDto);
}

/** One registration from the read model (in the caller's transaction: it reads its writes). */
export async function selectAdminRegistration(
  sql: SqlExecutor,
  registrationId: string,
): Promise<AdminRegistrationDto | undefined> {
  const rows: AdminRegistrationRow[] = await sql.query(
    `SELECT ${ADMIN_REGISTRATION_COLUMNS} FROM registration_view WHERE id = $1`,
    [registrationId],
  );
  return rows[0] ? toAdminRegistrationDto(rows[0]) : undefined;
}
