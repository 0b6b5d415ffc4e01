import type { SqlExecutor } from '../event-store/sql-executor';
import type { SqlStatement } from '../event-store/sql-statement';
import type { Locale } from '../common/locale';
import type { LeasedWork } from './lease-recoveries';
import type { SealedMessageFacts } from './message-facts';

/**
 * The reminder a seated person gets before their show: queued when the seat is taken, held
 * until REMINDER_HOURS_BEFORE its slot (not_before), one standing per slot start it was armed
 * for (its payload's `armedFor`, held by a unique index).
 */
export const SHOW_REMINDER = 'show-reminder';

/** The messages the site sends, each in the registration's language. */
export type NotificationKind =
  | 'payment-confirmed'
  | 'waiting-list-joined'
  | 'waiting-list-confirmed'
  | 'late-payment-refunded'
  | 'payment-refunded'
  | 'registration-cancelled'
  | 'waiting-list-offer'
  | 'show-reminder'
  | 'booking-moved'
  | 'booking-received'
  | 'booking-handed-on'
  | 'move-difference-due'
  | 'payment-receipt'
  | 'refund-receipt';

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'payment-confirmed',
  'waiting-list-joined',
  'waiting-list-confirmed',
  'late-payment-refunded',
  'payment-refunded',
  'registration-cancelled',
  'waiting-list-offer',
  SHOW_REMINDER,
  'booking-moved',
  'booking-received',
  'booking-handed-on',
  'move-difference-due',
  'payment-receipt',
  'refund-receipt',
];

/** The messages that carry the seat's ticket (and its calendar invitation) when it has one. */
export const TICKET_KINDS: readonly NotificationKind[] = [
  'payment-confirmed',
  'waiting-list-confirmed',
  'booking-moved',
  'booking-received',
  SHOW_REMINDER,
];

/**
 * A call to the payment provider that leaves through the outbox too (the refund worker sends
 * it): written in the transaction that decided it, sent after COMMIT, never under a lock.
 */
export const PAYMENT_REFUND = 'payment-refund';

/**
 * An operator's invitation to the Command Center: the one message for an operator rather than a
 * registration. Its row names the operator (operator_id) and carries what the message says
 * (the invitation, its role, its end, its language); the address is read from the operator
 * when it is sent, so an erased operator's invitation cannot leave.
 */
export const OPERATOR_INVITATION = 'operator-invitation';

/**
 * An email that tells an operator one of their sign-in factors changed (a passkey added or
 * removed, the authenticator app set up, new recovery codes, the owner's reset), in their
 * language: someone with a stolen session cannot plant a factor unseen. Like the invitation, its
 * row names the operator and the address is read when it is sent.
 */
export const OPERATOR_NOTICE = 'operator-notice';

export type OutboxKind =
  NotificationKind | typeof PAYMENT_REFUND | typeof OPERATOR_INVITATION | typeof OPERATOR_NOTICE;

/** The kinds whose row names an operator rather than a registration. */
export const OPERATOR_KINDS: readonly OutboxKind[] = [OPERATOR_INVITATION, OPERATOR_NOTICE];

export const OPERATOR_NOTICE_CHANGES = [
  'passkey-added',
  'passkey-removed',
  'totp-set-up',
  'recovery-codes-renewed',
  'second-factor-reset',
] as const;
export type OperatorNoticeChange = (typeof OPERATOR_NOTICE_CHANGES)[number];

/** What a factor notice's row carries: what changed, who did it, when; no name, no address. */
export interface OperatorNoticePayload {
  operatorId: string;
  change: OperatorNoticeChange;
  /** The operator themself, or the owner. */
  by: 'self' | 'owner';
  /** The passkey's name, for a passkey added or removed. */
  passkeyName?: string;
  at: string;
  locale: Locale;
}

/** Queues a factor notice, in the transaction that records the change. */
export async function enqueueOperatorNotice(
  sql: SqlExecutor,
  notice: OperatorNoticePayload,
  causedByPosition: number,
): Promise<void> {
  await sql.query(
    `INSERT INTO outbox (kind, operator_id, payload, caused_by_position) VALUES ($1, $2, $3, $4)`,
    [OPERATOR_NOTICE, notice.operatorId, JSON.stringify(notice), causedByPosition],
  );
}

/** What an invitation's row carries: no name and no address. */
export interface InvitationPayload {
  operatorId: string;
  invitationId: string;
  role: string;
  expiresAt: string;
  locale: Locale;
}

/** Queues an operator's invitation, in the transaction that records it. */
export async function enqueueInvitation(
  sql: SqlExecutor,
  invitation: InvitationPayload,
  causedByPosition: number,
): Promise<void> {
  await sql.query(
    `INSERT INTO outbox (kind, operator_id, payload, caused_by_position) VALUES ($1, $2, $3, $4)`,
    [OPERATOR_INVITATION, invitation.operatorId, JSON.stringify(invitation), causedByPosition],
  );
}

/** An erased operator's invitations still to send are cancelled, in the erasing transaction. */
export async function forgetOperatorRecipient(sql: SqlExecutor, operatorId: string): Promise<void> {
  await sql.query(
    `UPDATE outbox SET cancelled_at = now(), last_error = NULL
      WHERE operator_id = $1 AND sent_at IS NULL AND cancelled_at IS NULL`,
    [operatorId],
  );
  await sql.query(
    `UPDATE outbox SET last_error = NULL WHERE operator_id = $1 AND last_error IS NOT NULL`,
    [operatorId],
  );
}

export interface Notification {
  kind: OutboxKind;
  registrationId: string;
  /** Non-personal details the message needs (amounts, reasons); never names or addresses. */
  payload?: Record<string, unknown>;
  /**
   * An email's facts about its registration (the recipient, the slot, what its links and its
   * ticket are made from), sealed with the registration's key: kept in the payload as `facts`.
   */
  facts?: SealedMessageFacts;
  /** The global position of the event that caused it, for the audit trail. */
  causedByPosition?: number;
  /** Held until then: no worker claims it earlier (the show's reminder). */
  notBefore?: Date;
}

function payloadOf(notification: Notification): string {
  const { payload = {}, facts } = notification;
  return JSON.stringify(facts ? { ...payload, facts } : payload);
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
      payloadOf(notification),
      notification.causedByPosition ?? null,
    ],
  );
}

/**
 * enqueueNotification for several messages, as one statement for the caller to run. A message
 * held until a time (notBefore) is due then, not before. A reminder already standing for the
 * same slot start (outbox_one_reminder_idx) is not queued again.
 */
export function notificationsInsert(notifications: Notification[]): SqlStatement {
  return {
    // Answers how many were queued (a reminder already standing is not).
    text: `WITH queued AS (
       INSERT INTO outbox (kind, registration_id, payload, caused_by_position, not_before, available_at)
       SELECT kind, registration_id, payload::jsonb, caused_by_position, not_before,
              greatest(now(), coalesce(not_before, now()))
         FROM unnest($1::text[], $2::uuid[], $3::text[], $4::bigint[], $5::timestamptz[])
           AS new(kind, registration_id, payload, caused_by_position, not_before)
       ON CONFLICT DO NOTHING
       RETURNING id)
     SELECT count(*)::int AS queued FROM queued`,
    parameters: [
      notifications.map((notification) => notification.kind),
      notifications.map((notification) => notification.registrationId),
      notifications.map(payloadOf),
      notifications.map((notification) => notification.causedByPosition ?? null),
      notifications.map((notification) => notification.notBefore ?? null),
    ],
  };
}

/** A reminder standing (not cancelled) for a registration: the slot start it was armed for. */
export interface StandingReminder {
  registrationId: string;
  armedFor: string;
  sent: boolean;
  notBefore: Date | null;
}

/** The reminders standing for these registrations, sent or still held. */
export async function standingReminders(
  sql: SqlExecutor,
  registrationIds: readonly string[],
): Promise<StandingReminder[]> {
  if (registrationIds.length === 0) return [];
  const rows: {
    registration_id: string;
    armed_for: string | null;
    sent: boolean;
    not_before: Date | null;
  }[] = await sql.query(
    `SELECT registration_id, payload->>'armedFor' AS armed_for, sent_at IS NOT NULL AS sent,
            not_before
       FROM outbox
      WHERE kind = $1 AND cancelled_at IS NULL AND registration_id = ANY($2::uuid[])`,
    [SHOW_REMINDER, [...registrationIds]],
  );
  return rows.map((row) => ({
    registrationId: row.registration_id,
    armedFor: row.armed_for ?? '',
    sent: row.sent,
    notBefore: row.not_before,
  }));
}

/**
 * Cancels the reminders of these registrations still held (not sent), but those armed for
 * `keep` (the slot start each is armed for now, when it has one): a reminder is re-armed, or
 * turned off, in the caller's transaction.
 */
export async function cancelHeldReminders(
  sql: SqlExecutor,
  registrationIds: readonly string[],
  keep: readonly (string | null)[] = [],
  reason = 're-armed',
): Promise<void> {
  if (registrationIds.length === 0) return;
  await sql.query(
    `UPDATE outbox SET cancelled_at = now(), last_error = $4
       FROM unnest($2::uuid[], $3::text[]) AS held(registration_id, keep)
      WHERE outbox.registration_id = held.registration_id AND kind = $1
        AND sent_at IS NULL AND cancelled_at IS NULL
        AND (held.keep IS NULL OR payload->>'armedFor' IS DISTINCT FROM held.keep)`,
    [
      SHOW_REMINDER,
      [...registrationIds],
      registrationIds.map((_, index) => keep[index] ?? null),
      reason,
    ],
  );
}

/** Every reminder still held, cancelled (REMINDER_HOURS_BEFORE=0 turns them off). */
export async function cancelAllHeldReminders(sql: SqlExecutor): Promise<number> {
  const rows: unknown[] = await sql.query(
    `WITH cancelled AS (
       UPDATE outbox SET cancelled_at = now(), last_error = 'reminders turned off'
        WHERE kind = $1 AND sent_at IS NULL AND cancelled_at IS NULL RETURNING id)
     SELECT id FROM cancelled`,
    [SHOW_REMINDER],
  );
  return rows.length;
}

/** Holds reminders still waiting until a new time (REMINDER_HOURS_BEFORE changed). */
export async function reholdReminders(
  sql: SqlExecutor,
  holds: readonly { registrationId: string; armedFor: string; notBefore: Date }[],
): Promise<void> {
  if (holds.length === 0) return;
  await sql.query(
    `UPDATE outbox SET not_before = held.not_before,
            available_at = greatest(now(), held.not_before)
       FROM unnest($2::uuid[], $3::text[], $4::timestamptz[])
         AS held(registration_id, armed_for, not_before)
      WHERE outbox.registration_id = held.registration_id AND kind = $1
        AND payload->>'armedFor' = held.armed_for
        AND sent_at IS NULL AND cancelled_at IS NULL AND leased_until IS NULL
        AND outbox.not_before IS DISTINCT FROM held.not_before`,
    [
      SHOW_REMINDER,
      holds.map((hold) => hold.registrationId),
      holds.map((hold) => hold.armedFor),
      holds.map((hold) => hold.notBefore),
    ],
  );
}

/**
 * Writes the registrations' facts again into their messages still waiting to be sent (those
 * that carry facts), in the caller's transaction: a message sent later tells of the
 * registration as it is then (an offer taken or lapsed meanwhile is not sent, a seat cancelled
 * meanwhile is confirmed without a ticket), as when messages were rendered from the
 * registration itself.
 */
export async function refreshMessageFacts(
  sql: SqlExecutor,
  updates: readonly { registrationId: string; facts: SealedMessageFacts }[],
): Promise<void> {
  if (updates.length === 0) return;
  await sql.query(
    `UPDATE outbox SET payload = jsonb_set(payload, '{facts}', new.facts::jsonb)
       FROM unnest($1::uuid[], $2::text[]) AS new(registration_id, facts)
      WHERE outbox.registration_id = new.registration_id
        AND sent_at IS NULL AND cancelled_at IS NULL AND payload ? 'facts'`,
    [
      updates.map((update) => update.registrationId),
      updates.map((update) => JSON.stringify(update.facts)),
    ],
  );
}

/** A row claimed from the outbox, for its worker to send: a registration's message or refund. */
export interface ClaimedOutboxRow {
  id: string;
  kind: NotificationKind | typeof PAYMENT_REFUND;
  registration_id: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** A claimed operator's invitation. */
export interface ClaimedInvitationRow {
  id: string;
  kind: typeof OPERATOR_INVITATION;
  operator_id: string;
  payload: InvitationPayload;
  attempts: number;
}

/** A claimed factor notice. */
export interface ClaimedNoticeRow {
  id: string;
  kind: typeof OPERATOR_NOTICE;
  operator_id: string;
  payload: OperatorNoticePayload;
  attempts: number;
}

/** The row a claim of `K` answers: an operator's for their kinds, a registration's for the rest. */
export type ClaimedRowOf<K extends OutboxKind> = K extends typeof OPERATOR_INVITATION
  ? ClaimedInvitationRow
  : K extends typeof OPERATOR_NOTICE
    ? ClaimedNoticeRow
    : ClaimedOutboxRow;

type ClaimedAnyRow = ClaimedOutboxRow | ClaimedInvitationRow | ClaimedNoticeRow;

const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 60 * 60_000;

/** Waits 30 s after the first failure, doubling each time, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

/** The outcome of a claim: the rows, and how many were left by a worker whose lease lapsed. */
export interface OutboxClaim<K extends OutboxKind = OutboxKind> {
  rows: ClaimedRowOf<K>[];
  recovered: number;
}

/**
 * Claims up to `limit` due rows of the given kinds (FOR UPDATE SKIP LOCKED, so several
 * processes never claim the same row) by pushing their due time a lease ahead and counting the
 * attempt. A worker that dies before marking a row sent leaves it to come back after the lease.
 */
export async function claimOutboxRows<K extends OutboxKind>(
  sql: SqlExecutor,
  kinds: readonly K[],
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<OutboxClaim<K>> {
  const claimed = (await sql.query(
    // A CTE, because TypeORM answers a bare UPDATE ... RETURNING as [rows, count].
    `WITH due AS (
       SELECT id, leased_until IS NOT NULL AS recovered FROM outbox
        WHERE sent_at IS NULL AND cancelled_at IS NULL AND kind = ANY($3::text[])
          -- now() too: a row queued in this very millisecond is due, though the
          -- database keeps microseconds and a JavaScript Date only milliseconds.
          AND available_at <= greatest($1::timestamptz, now())
          AND (not_before IS NULL OR not_before <= greatest($1::timestamptz, now()))
        ORDER BY available_at, id
        LIMIT ${Math.max(1, Math.floor(limit))}
        FOR UPDATE SKIP LOCKED),
     claimed AS (
       UPDATE outbox SET attempts = attempts + 1, available_at = $2, leased_until = $2
         FROM due WHERE outbox.id = due.id
        RETURNING outbox.id, kind, registration_id, operator_id, payload, attempts, due.recovered)
     SELECT * FROM claimed`,
    [now, new Date(now.getTime() + leaseMs), [...kinds]],
  )) as (ClaimedAnyRow & {
    registration_id: string | null;
    operator_id: string | null;
    recovered: boolean;
  })[];
  const rows = claimed
    .map(
      ({ recovered: _recovered, registration_id, operator_id, ...row }) =>
        (OPERATOR_KINDS.includes(row.kind)
          ? { ...row, operator_id }
          : { ...row, registration_id }) as ClaimedRowOf<K>,
    )
    .sort((a, b) => Number(a.id) - Number(b.id));
  return { rows, recovered: claimed.filter((row) => row.recovered).length };
}

/**
 * Keeps the leases of `rows` while their worker runs: every third of the lease, each row not
 * yet finished, and still held under this claim (its attempt count unchanged), is leased again
 * from the worker's clock. `stop` when the batch is done.
 */
function keepOutboxLeases(
  sql: SqlExecutor,
  rows: readonly ClaimedAnyRow[],
  leaseMs: number,
  onError: (error: unknown) => void = () => undefined,
): { stop(): void } {
  if (rows.length === 0) return { stop: () => undefined };
  const timer = setInterval(
    () => {
      const until = new Date(Date.now() + leaseMs);
      sql
        .query(
          `UPDATE outbox SET available_at = greatest(available_at, $3), leased_until = $3
           FROM unnest($1::bigint[], $2::int[]) AS held(id, attempts)
          WHERE outbox.id = held.id AND outbox.attempts = held.attempts
            AND sent_at IS NULL AND cancelled_at IS NULL AND leased_until IS NOT NULL`,
          [rows.map((row) => row.id), rows.map((row) => row.attempts), until],
        )
        .catch(onError);
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** What a worker does with the rows it claimed, and hears of the claim's leases. */
export interface OutboxWork<Row> {
  /**
   * Called once per claimed row, in the order of the queue: one recipient's rows one after
   * another, up to `concurrency` recipients' at the same time (workThroughOutbox). A failure
   * ends the pass once the rows under way are done.
   */
  handle(row: Row): Promise<void>;
  /** How many of the claimed rows were taken back from a worker whose lease lapsed. */
  recovered(count: number): void;
  /** A renewal of the leases failed (they are tried again a third of a lease later). */
  renewalFailed(error: unknown): void;
}

/**
 * One worker's pass over the outbox: claims up to `limit` due rows of `kinds` under a lease,
 * keeps the lease renewed while `work` handles them, and stops renewing once it is done. The
 * rows of one recipient (a registration, an operator) are handled one after another in the
 * queue's order, so that their messages leave in the order they were queued; with a
 * `concurrency` above 1, that many recipients' rows are handled at the same time (a mail
 * server's pooled connections).
 */
export async function workThroughOutbox<K extends OutboxKind>(
  sql: SqlExecutor,
  kinds: readonly K[],
  now: Date,
  limit: number,
  leaseMs: number,
  work: OutboxWork<ClaimedRowOf<K>>,
  concurrency = 1,
): Promise<void> {
  const claim = await claimOutboxRows(sql, kinds, now, limit, leaseMs);
  work.recovered(claim.recovered);
  const leases = keepOutboxLeases(sql, claim.rows, leaseMs, (error) => work.renewalFailed(error));
  try {
    await inTurnsByRecipient(claim.rows, concurrency, (row) => work.handle(row));
  } finally {
    leases.stop();
  }
}

function recipientOf(row: ClaimedAnyRow): string {
  return 'operator_id' in row
    ? `operator ${row.operator_id}`
    : `registration ${row.registration_id}`;
}

/**
 * `handle` for every row: each recipient's rows in turn, in their order; up to `concurrency`
 * recipients at once, the next recipient started as one finishes. After a failure no further
 * row is started (those left come back when their lease ends, as after a crash): it is thrown
 * once the rows under way are done.
 */
async function inTurnsByRecipient<Row extends ClaimedAnyRow>(
  rows: readonly Row[],
  concurrency: number,
  handle: (row: Row) => Promise<void>,
): Promise<void> {
  const byRecipient = new Map<string, Row[]>();
  for (const row of rows) {
    const recipient = recipientOf(row);
    const turn = byRecipient.get(recipient);
    if (turn) turn.push(row);
    else byRecipient.set(recipient, [row]);
  }
  const turns = [...byRecipient.values()];
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    for (let turn = turns.shift(); turn; turn = turns.shift()) {
      for (const row of turn) {
        if (failure) return;
        try {
          await handle(row);
        } catch (error) {
          failure ??= { error };
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, turns.length)) }, lane));
  if (failure) throw failure.error;
}

/** A claimed row could not be sent: it comes back after the back-off, with the error kept. */
export async function postponeOutboxRow(
  sql: SqlExecutor,
  row: Pick<ClaimedAnyRow, 'id' | 'attempts'>,
  reason: string,
  now: Date,
): Promise<void> {
  await sql.query(
    'UPDATE outbox SET last_error = $2, available_at = $3, leased_until = NULL WHERE id = $1',
    [row.id, reason.slice(0, 1000), new Date(now.getTime() + retryDelayMs(row.attempts))],
  );
}

/** Marks a row sent, in the caller's transaction when it has one. */
export async function markOutboxRowSent(sql: SqlExecutor, id: string, now: Date): Promise<void> {
  await sql.query('UPDATE outbox SET sent_at = $2 WHERE id = $1', [id, now]);
}

/**
 * An erased registration's messages still to send are cancelled; its refunds stay (they carry
 * no personal data, and the money must go back). In the erasing transaction.
 */
export async function forgetRecipient(sql: SqlExecutor, registrationId: string): Promise<void> {
  await sql.query(
    `UPDATE outbox SET cancelled_at = now()
      WHERE registration_id = $1 AND sent_at IS NULL AND cancelled_at IS NULL
        AND kind <> $2`,
    [registrationId, PAYMENT_REFUND],
  );
}

/** Drops the error texts of a registration's rows (a transport's error may quote an address). */
export async function forgetRecipientErrors(
  sql: SqlExecutor,
  registrationId: string,
): Promise<void> {
  await sql.query(
    `UPDATE outbox SET last_error = NULL WHERE registration_id = $1 AND last_error IS NOT NULL`,
    [registrationId],
  );
}

/** The rows waiting to be sent, and the age of the oldest, for emails and refunds. */
export async function readOutboxBacklog(
  sql: SqlExecutor,
): Promise<{ work: LeasedWork; pending: number; oldestSeconds: number }[]> {
  const rows: { work: LeasedWork; pending: string; oldest_seconds: string | null }[] =
    await sql.query(
      `SELECT CASE WHEN kind = $1 THEN 'refund' ELSE 'email' END AS work,
              count(*) AS pending,
              extract(epoch FROM now() - min(created_at)) AS oldest_seconds
         FROM outbox WHERE sent_at IS NULL AND cancelled_at IS NULL
        GROUP BY 1`,
      [PAYMENT_REFUND],
    );
  return rows.map((row) => ({
    work: row.work,
    pending: Number(row.pending),
    oldestSeconds: Number(row.oldest_seconds ?? 0),
  }));
}
