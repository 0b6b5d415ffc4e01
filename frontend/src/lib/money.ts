import { numberFormat } from './intl-formats';

/**
 * Money as the site shows it, the emails' rule (backend common/money.ts), held equal to it by
 * money.test.ts: an amount in its currency's minor unit, the currency an ISO 4217 code.
 */

/** How many digits the currency's minor unit has, as Intl knows it (RON 2, JPY 0). */
export function minorDigits(currency: string): number {
  return (
    numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * A price given in minor units as a reader of `locale` reads it: the number in their digits and
 * separators, whole amounts without decimals, others with the currency's minor digits, then the
 * code: 3500 RON bani → "35 RON", 4250 → "42,50 RON" in Romanian, 3000 EUR cents → "30 EUR".
 */
export function formatPrice(priceMinor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const unit = 10 ** digits;
  const fraction = priceMinor % unit === 0 ? 0 : digits;
  const amount = numberFormat(locale, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(priceMinor / unit);
  // A no-break space: the amount and its currency never wrap apart ("35 / RON" on phones).
  return `${amount}\u00a0${currency.toUpperCase()}`;
}
