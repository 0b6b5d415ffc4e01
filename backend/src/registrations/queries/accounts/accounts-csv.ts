import type { MoneyMovement } from '../../domain/money';
import { csvField, neutraliseCell, UTF8_BOM } from '../registration-page/registration-csv';

/**
 * The accountant's file: one line per payment and per refund, in the order they happened. The
 * amount is signed (a refund negative) and written with the currency's own decimals and a dot,
 * so a spreadsheet adds a column of one currency as it is; text cells are neutralised as the
 * registrations' export does (a leading = + - @ becomes text), numbers are not.
 */
export const ACCOUNTS_CSV_COLUMNS = [
  'date',
  'stop',
  'slot',
  'kind',
  'state',
  'amount',
  'currency',
  'amount_minor',
  'fee_minor',
  'provider_reference',
  'payment_intent',
  'charge',
  'refund',
  'balance_transaction',
  'receipt_number',
  'reverses_receipt',
  'reason',
] as const;

/** How many decimals a currency's minor unit has (2 for RON and EUR, 0 for JPY). */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** A signed amount in the minor unit, as a decimal with a dot: -3500 RON → "-35.00". */
export function decimalAmount(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${whole}`
    : `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

export interface AccountsCsvNames {
  stop: (event: string) => string;
  slot: (event: string, time: string) => string;
}

const text = (value: string) => csvField(neutraliseCell(value));
const number = (value: string) => csvField(value);

export function accountsCsvHeader(): string {
  return `${UTF8_BOM}${ACCOUNTS_CSV_COLUMNS.join(',')}`;
}

export function accountsCsvRow(movement: MoneyMovement, names: AccountsCsvNames): string {
  const signed = movement.kind === 'refund' ? -movement.amountMinor : movement.amountMinor;
  const reference =
    movement.kind === 'refund'
      ? (movement.refundId ?? movement.paymentIntentId ?? '')
      : (movement.paymentIntentId ?? movement.sessionId ?? '');
  return `\r\n${[
    text(
      movement.kind === 'refund' && movement.settledAt ? movement.settledAt : movement.occurredAt,
    ),
    text(names.stop(movement.event)),
    text(names.slot(movement.event, movement.time)),
    text(movement.kind),
    text(movement.state),
    number(decimalAmount(signed, movement.currency)),
    text(movement.currency),
    number(String(signed)),
    number(movement.feeMinor === null ? '' : String(movement.feeMinor)),
    text(reference),
    text(movement.paymentIntentId ?? ''),
    text(movement.chargeId ?? ''),
    text(movement.refundId ?? ''),
    text(movement.balanceTransactionId ?? ''),
    number(movement.receiptNumber === null ? '' : String(movement.receiptNumber)),
    number(movement.reversesReceipt === null ? '' : String(movement.reversesReceipt)),
    text(movement.reason ?? ''),
  ].join(',')}`;
}
