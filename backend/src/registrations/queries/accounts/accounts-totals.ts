import { MOVE_DIFFERENCE, MOVE_PRICE_DIFFERENCE, type MoneyMovement } from '../../domain/money';

/**
 * The accounts' one rule of addition, in each currency on its own (never summed across
 * currencies): what the API's totals and, a line at a time, the CSV both come from.
 */
export interface CurrencyTotals {
  currency: string;
  /** Payments received (every one: those refunded too). */
  payments: number;
  /**
   * Payments whose seat is kept: no refund asked or made (but a cheaper move's part given back),
   * a move's difference not counted (its seat is counted by its first payment).
   */
  seatsPaid: number;
  grossMinor: number;
  /** Refunds the provider confirmed. */
  refunds: number;
  refundedMinor: number;
  /** Refunds asked and not yet confirmed: money still here that is going back. */
  refundsInFlight: number;
  refundsInFlightMinor: number;
  /** gross − refunded: the money received and not given back yet. */
  netMinor: number;
  /** The provider's fees where it reported them; null when it reported none. */
  feesMinor: number | null;
}

function emptyTotals(currency: string): CurrencyTotals {
  return {
    currency,
    payments: 0,
    seatsPaid: 0,
    grossMinor: 0,
    refunds: 0,
    refundedMinor: 0,
    refundsInFlight: 0,
    refundsInFlightMinor: 0,
    netMinor: 0,
    feesMinor: null,
  };
}

/** The totals of some movements, one entry per currency, in the currencies' order. */
export function totalsOf(movements: readonly MoneyMovement[]): CurrencyTotals[] {
  // A cheaper move's part given back keeps the seat; any other refund gives it up.
  const refundedPayments = new Set(
    movements
      .filter((movement) => movement.kind === 'refund' && movement.reason !== MOVE_PRICE_DIFFERENCE)
      .map((movement) => `${movement.registrationId}:${movement.paymentIntentId ?? '-'}`),
  );
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const movement of movements) {
    let totals = byCurrency.get(movement.currency);
    if (!totals) {
      totals = emptyTotals(movement.currency);
      byCurrency.set(movement.currency, totals);
    }
    if (movement.feeMinor !== null) totals.feesMinor = (totals.feesMinor ?? 0) + movement.feeMinor;
    if (movement.kind === 'payment') {
      totals.payments += 1;
      totals.grossMinor += movement.amountMinor;
      const key = `${movement.registrationId}:${movement.paymentIntentId ?? '-'}`;
      // A move's difference is money for a seat paid already: no seat of its own.
      if (!refundedPayments.has(key) && movement.reason !== MOVE_DIFFERENCE) totals.seatsPaid += 1;
    } else if (movement.state === 'refunded') {
      totals.refunds += 1;
      totals.refundedMinor += movement.amountMinor;
    } else {
      totals.refundsInFlight += 1;
      totals.refundsInFlightMinor += movement.amountMinor;
    }
    totals.netMinor = totals.grossMinor - totals.refundedMinor;
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}
