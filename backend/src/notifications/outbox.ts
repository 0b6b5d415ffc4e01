import type { SqlExecutor } from '../event-store/sql-executor';
import type { SqlStatement } from '../event-store/sql-statement';

/** The messages the site sends, each in the registration's language. */
export type NotificationKind =
  'payment-confirmed' | 'waiting-list-joined' | 'waiting-list-confirmed' | 'late-payment-refunded';

export interface Notification {
  kind: NotificationKind;
  registrationId: string;
  /** Non-personal details the message needs (amounts, reasons); never names or addresses. */
  payload?: Record<string, unknown>;
  /** The global position of the event that caused it, for the audit trail. */
  causedByPosition?: number;
}

/**
 * Queues a message in the caller's transaction, so it exists if and only if the fact that
 * causes it was committed. The outbox worker sends it afterwards.
 */
export async function enqueueNotification(
  sql: SqlExecutor,
  notification: Notification,
): Promise<void> {
  await sql.query(
    `INSERT INTO outbox (kind, registration_id, payload, caused_by_position) VALUES ($1, $2, $3, $4)`,
    [
      notification.kind,
      notification.registrationId,
      JSON.stringify(notification.payload ?? {}),
      notification.causedByPosition ?? null,
    ],
  );
}

/** enqueueNotification for several messages, as one statement for the caller to run. */
export function notificationsInsert(notifications: Notification[]): SqlStatement {
  return {
    text: `INSERT INTO outbox (kind, registration_id, payload, caused_by_position)
     SELECT kind, registration_id, payload::jsonb, caused_by_position
       FROM unnest($1::text[], $2::uuid[], $3::text[], $4::bigint[])
         AS new(kind, registration_id, payload, caused_by_position)`,
    parameters: [
      notifications.map((notification) => notification.kind),
      notifications.map((notification) => notification.registrationId),
      notifications.map((notification) => JSON.stringify(notification.payload ?? {})),
      notifications.map((notification) => notification.causedByPosition ?? null),
    ],
  };
}
