import { appendToStream } from '../event-store/append-to-stream';
import { streamVersion } from '../event-store/log-queries';
import type { SqlExecutor } from '../event-store/sql-executor';
import {
  issueReceipts,
  MoneyLedger,
  receiptStreamId,
  type ReceiptIssued,
  type RegistrationSlot,
  type Seller,
} from './domain/money';
import { moneyMovementsOf, writeMoneyMovements } from './projections/money-fold';
import type { DecodedRegistrationEvent } from './registration-event-codec';

/** The registration facts that move money. */
const MONEY_FACTS: ReadonlySet<string> = new Set([
  'PaymentConfirmed',
  'PriceDifferencePaid',
  'RefundRequested',
  'PaymentRefunded',
]);

export interface ReceiptsGiven {
  receipts: { event: ReceiptIssued; globalPosition: number; recordedAt: Date }[];
}

/**
 * The accounts' part of a transaction that recorded money facts, run as it closes (after every
 * slot lock it took): the movements folded from the table's rows and the new facts, a receipt
 * given to each payment received and each refund confirmed, and the rows written. The numbers
 * come from the seller's receipt stream, appended at the version read under the stream's lock
 * (so receipts of concurrent transactions, in any process, queue for it rather than retry), in
 * this same transaction: a rollback takes the number back with the payment, leaving no gap.
 */
export async function recordMoney(
  sql: SqlExecutor,
  recorded: readonly DecodedRegistrationEvent[],
  slots: ReadonlyMap<string, RegistrationSlot>,
  seller: Seller,
): Promise<ReceiptsGiven> {
  const money = recorded.filter((item) => MONEY_FACTS.has(item.event.type));
  if (money.length === 0) return { receipts: [] };
  const ids = [...new Set(money.map((item) => item.event.data.registrationId))];
  const ledger = new MoneyLedger();
  for (const id of ids) {
    const slot = slots.get(id);
    if (slot) ledger.placeRegistration(id, slot);
  }
  // The payments these facts name too, where another registration received them (a booking
  // handed on refunds the payment its first holder made).
  const intents = [
    ...new Set(
      money.flatMap(({ event }) =>
        'paymentIntentId' in event.data && typeof event.data.paymentIntentId === 'string'
          ? [event.data.paymentIntentId]
          : [],
      ),
    ),
  ];
  for (const movement of await moneyMovementsOf(sql, ids, intents)) ledger.seed(movement);
  // In the order recorded, with the moves among them: money recorded after a move in the same
  // transaction is the new slot's, as a rebuild (which folds the whole log in order) places it.
  const named = new Set(ids);
  for (const { event, recorded: place } of recorded) {
    if (named.has(event.data.registrationId)) ledger.apply(event, place);
  }
  const owed = ledger.receiptsOwed();
  const receipts: ReceiptsGiven['receipts'] = [];
  if (owed.length > 0) {
    const streamId = receiptStreamId(seller);
    await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
    const version = await streamVersion(sql, streamId);
    const issued = issueReceipts(
      owed,
      seller,
      version + 1,
      (movement) =>
        ledger.paymentOf(movement.registrationId, movement.paymentIntentId)?.receiptNumber ?? null,
    );
    const appended = await appendToStream(
      sql,
      streamId,
      version,
      issued.map((receipt) => ({
        type: receipt.type,
        data: { ...receipt.data },
        metadata: { actor: 'system' },
      })),
    );
    issued.forEach((receipt, index) => {
      ledger.apply(receipt, appended[index]);
      receipts.push({
        event: receipt,
        globalPosition: appended[index].globalPosition,
        recordedAt: appended[index].recordedAt,
      });
    });
  }
  await writeMoneyMovements(sql, ledger);
  return { receipts };
}
