import type { MoneyColumns } from './pending-move.dto';
import {
  doorState,
  holdsTicket,
  type DoorState,
  type ExistingRegistrationStatus,
} from '../domain/registration';

/**
 * A row of `registration_view` as PostgreSQL answers it (snake_case): the console's reads, the
 * export and the payer's page select the columns they need and type them with `Pick` of this.
 */
export interface RegistrationViewRow extends MoneyColumns {
  id: string;
  name: string | null;
  email: string | null;
  whatsapp: string | null;
  event: string;
  time: string;
  dreamed_captured: boolean;
  dream: string | null;
  waiting_list: boolean;
  paid: boolean;
  stripe_session_id: string | null;
  checkout_session_id: string | null;
  status: ExistingRegistrationStatus;
  locale: string;
  hold_expires_at: Date | null;
  shared_dreams: number;
  checked_in_at: Date | null;
  no_show: boolean;
  seat_number: number | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The columns that say who registered and for which slot, which most reads select. */
export type PersonAndSlotColumns = 'id' | 'name' | 'email' | 'whatsapp' | 'event' | 'time';

/** Where a row's ticket stands at the door; null when it holds no ticket. */
export function doorOfRow(
  row: Pick<RegistrationViewRow, 'status' | 'checked_in_at' | 'no_show'>,
): DoorState | null {
  if (!holdsTicket(row.status)) return null;
  return doorState({
    checkedInAt: row.checked_in_at ? row.checked_in_at.toISOString() : null,
    noShow: row.no_show,
  });
}
