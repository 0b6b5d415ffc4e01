import type { Locale } from '../common/locale';
import { numberFormat } from '../common/intl-formats';

/** '35 RON', '35,50 RON': the amount in the reader's digits, then the currency code. */
export function formatAmount(amountMinor: number, currency: string, locale: Locale): string {
  const number = numberFormat(locale, {
    minimumFractionDigits: amountMinor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amountMinor / 100);
  return `${number} ${currency.toUpperCase()}`;
}
