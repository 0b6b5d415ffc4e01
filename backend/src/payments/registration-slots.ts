import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * Which slot a registration is for, for the floors below the registrations that show or judge
 * by it (the sandbox's payment page names the slot; notifications' visitor links live until
 * the slot starts). The registrations, a floor above, say how (registerRegistrationSlots, when
 * their module loads, as they register the outbox's earlier message facts), so that these
 * floors name none of their tables and import nothing of theirs. Undefined: the registration
 * is not there.
 */
export type RegistrationSlots = (
  sql: SqlExecutor,
  registrationId: string,
) => Promise<{ event: string; time: string } | undefined>;

let registrationSlots: RegistrationSlots | undefined;

export function registerRegistrationSlots(read: RegistrationSlots): void {
  registrationSlots = read;
}

/** The slot of a registration, read through the registrations' registered reader. */
export function slotOfRegistration(
  sql: SqlExecutor,
  registrationId: string,
): Promise<{ event: string; time: string } | undefined> {
  if (!registrationSlots) throw new Error('Nothing reads the slot of a registration');
  return registrationSlots(sql, registrationId);
}
