/**
 * What moving a seat to a slot of `price` does to its money, the server's rule
 * (backend registrations/domain/booking-changes.ts: priceDifference), held equal to it by
 * move-difference.test.ts: from what the seat's payments through the provider hold now (`paid`;
 * null when nothing was paid through the provider), nothing (no money, or the same amount), a
 * difference to pay (a dearer slot), one to refund (a cheaper one), or nothing possible
 * (another currency). The pages say it before the visitor or the operator asks.
 */
export type PriceDifference =
  | { kind: 'none' }
  | { kind: 'pay' | 'refund'; amountMinor: number; currency: string }
  | { kind: 'other-currency'; paidCurrency: string; currency: string };

export function priceDifference(
  paid: { amountMinor: number; currency: string } | null,
  price: { amountMinor: number; currency: string },
): PriceDifference {
  if (!paid) return { kind: 'none' };
  const paidCurrency = paid.currency.toUpperCase();
  const currency = price.currency.toUpperCase();
  if (paidCurrency !== currency) return { kind: 'other-currency', paidCurrency, currency };
  const due = price.amountMinor - paid.amountMinor;
  if (due === 0) return { kind: 'none' };
  return due > 0
    ? { kind: 'pay', amountMinor: due, currency }
    : { kind: 'refund', amountMinor: -due, currency };
}
