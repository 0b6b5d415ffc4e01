import type { SqlExecutor } from '../event-store/sql-executor';

/**
 * Which slot a registration is for, for the floors below the registrations that show or judge
 * by it (the sandbox's payment page names the slot; notifications' visitor links live until
 * the slot starts). A port given by injection: the registrations, a floor above, provide it
 * (RegistrationPortsModule), so that these floors name none of their tables and import
 * nothing of theirs.
 */
export abstract class RegistrationSlots {
  /** The slot of a registration; undefined when the registration is not there. */
  abstract slotOf(
    sql: SqlExecutor,
    registrationId: string,
  ): Promise<{ event: string; time: string } | undefined>;
}
