import { copyRows } from '../../database/copy-rows';
import type { SqlExecutor } from '../../event-store/sql-executor';
import type { MoneyLedger, MoneyMovement } from '../domain/money';

/**
 * money_movements, the accounts' table: written from a MoneyLedger (the domain's fold of the
 * money facts), live as each transaction closes and in a rebuild, by the same columns.
 */

const COLUMNS = [
  ['key', 'text'],
  ['registration_id', 'uuid'],
  ['event', 'text'],
  ['time', 'text'],
  ['kind', 'text'],
  ['amount_minor', 'integer'],
  ['currency', 'text'],
  ['state', 'text'],
  ['reason', 'text'],
  ['occurred_at', 'timestamptz'],
  ['settled_at', 'timestamptz'],
  ['receipt_number', 'integer'],
  ['reverses_receipt', 'integer'],
  ['payment_intent_id', 'text'],
  ['session_id', 'text'],
  ['charge_id', 'text'],
  ['refund_id', 'text'],
  ['balance_transaction_id', 'text'],
  ['fee_minor', 'integer'],
  ['position', 'bigint'],
] as const;

export interface MoneyMovementRow {
  key: string;
  registration_id: string;
  event: string;
  time: string;
  kind: 'payment' | 'refund';
  amount_minor: number;
  currency: string;
  state: 'received' | 'in-flight' | 'refunded';
  reason: string | null;
  occurred_at: Date;
  settled_at: Date | null;
  receipt_number: number | null;
  reverses_receipt: number | null;
  payment_intent_id: string | null;
  session_id: string | null;
  charge_id: string | null;
  refund_id: string | null;
  balance_transaction_id: string | null;
  fee_minor: number | null;
  position: string;
}

function rowValues(movement: MoneyMovement): unknown[] {
  return [
    movement.key,
    movement.registrationId,
    movement.event,
    movement.time,
    movement.kind,
    movement.amountMinor,
    movement.currency,
    movement.state,
    movement.reason,
    movement.occurredAt,
    movement.settledAt,
    movement.receiptNumber,
    movement.reversesReceipt,
    movement.paymentIntentId,
    movement.sessionId,
    movement.chargeId,
    movement.refundId,
    movement.balanceTransactionId,
    movement.feeMinor,
    String(movement.position),
  ];
}

export function movementOfRow(row: MoneyMovementRow): MoneyMovement {
  return {
    key: row.key,
    registrationId: row.registration_id,
    event: row.event,
    time: row.time,
    kind: row.kind,
    amountMinor: row.amount_minor,
    currency: row.currency,
    state: row.state,
    reason: row.reason,
    occurredAt: new Date(row.occurred_at).toISOString(),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
    receiptNumber: row.receipt_number,
    reversesReceipt: row.reverses_receipt,
    paymentIntentId: row.payment_intent_id,
    sessionId: row.session_id,
    chargeId: row.charge_id,
    refundId: row.refund_id,
    balanceTransactionId: row.balance_transaction_id,
    feeMinor: row.fee_minor,
    position: Number(row.position),
  };
}

/** The movements of these registrations as the table holds them: a live fold's seed. */
export async function moneyMovementsOf(
  sql: SqlExecutor,
  registrationIds: readonly string[],
  paymentIntentIds: readonly string[] = [],
): Promise<MoneyMovement[]> {
  if (registrationIds.length === 0 && paymentIntentIds.length === 0) return [];
  const rows: MoneyMovementRow[] = await sql.query(
    `SELECT * FROM money_movements
      WHERE registration_id = ANY($1::uuid[]) OR payment_intent_id = ANY($2::text[])`,
    [registrationIds, paymentIntentIds],
  );
  return rows.map(movementOfRow);
}

/**
 * Writes the movements the ledger changed (inserted, or replacing their row), or, into an
 * emptied table (a rebuild), every movement by one COPY (`sql` must then be a transaction's).
 */
export async function writeMoneyMovements(
  sql: SqlExecutor,
  ledger: MoneyLedger,
  into: 'rows as they stand' | 'empty table' = 'rows as they stand',
): Promise<void> {
  const names = COLUMNS.map(([name]) => name);
  if (into === 'empty table') {
    await copyRows(sql, 'money_movements', names, [...ledger.movements.values()].map(rowValues));
    return;
  }
  const changed = [...ledger.changed].map((key) => ledger.movements.get(key)!);
  if (changed.length === 0) return;
  const columns: unknown[][] = COLUMNS.map(() => []);
  for (const movement of changed) {
    rowValues(movement).forEach((value, index) => columns[index].push(value));
  }
  const arrays = COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const updates = COLUMNS.filter(([name]) => name !== 'key')
    .map(([name]) => `${name} = EXCLUDED.${name}`)
    .join(', ');
  await sql.query(
    `INSERT INTO money_movements (${names.join(', ')}) SELECT * FROM unnest(${arrays})
     ON CONFLICT (key) DO UPDATE SET ${updates}`,
    columns,
  );
}
