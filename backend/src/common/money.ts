import { numberFormat } from './intl-formats';

/**
 * Money as the site keeps it, written once: an amount is an integer in its currency's minor
 * unit (3500 bani, 3000 euro cents, 3500 yen), and a currency is an ISO 4217 code the payment
 * provider takes. How many minor digits a currency has is Intl's answer (resolvedOptions'
 * maximumFractionDigits: RON 2, EUR 2, JPY 0); a currency whose digits Intl and Stripe count
 * differently (Stripe's special cases: ISK, HUF, TWD, UGX; IDR, PKR… which ICU rounds to whole
 * units) is not offered, so the amount a page shows is always the amount the provider charges.
 * The frontend's formatter (frontend/src/lib/money.ts) is held equal to formatAmount by its test.
 */

/** Stripe's presentment currencies (https://docs.stripe.com/currencies). */
const STRIPE_CURRENCIES =
  'USD AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BIF BMD BND BOB BRL BSD BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CVE CZK DJF DKK DOP DZD EGP ETB EUR FJD FKP GBP GEL GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR ISK JMD JPY KES KGS KHR KMF KRW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SEK SGD SHP SLE SOS SRD SZL THB TJS TOP TRY TTD TWD TZS UAH UGX UYU UZS VND VUV WST XAF XCD XOF XPF YER ZAR ZMW';

/** The currencies Stripe charges in whole units (its zero-decimal currencies). */
const STRIPE_ZERO_DECIMAL = 'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF';

/** Stripe's currencies whose amounts follow rules of their own (whole units written as cents). */
const STRIPE_SPECIAL_CASES = 'HUF ISK TWD UGX';

/** The minor digits of an ISO 4217 currency as Intl knows them; undefined for an unknown code. */
function intlMinorDigits(currency: string): number | undefined {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
  } catch {
    return undefined;
  }
}

function currenciesTaken(): Map<string, number> {
  const known = new Set(Intl.supportedValuesOf('currency'));
  const zeroDecimal = new Set(STRIPE_ZERO_DECIMAL.split(' '));
  const special = new Set(STRIPE_SPECIAL_CASES.split(' '));
  const taken = new Map<string, number>();
  for (const code of STRIPE_CURRENCIES.split(' ')) {
    const digits = intlMinorDigits(code);
    if (!known.has(code) || special.has(code) || digits === undefined || digits > 2) continue;
    if ((digits === 0) !== zeroDecimal.has(code)) continue;
    taken.set(code, digits);
  }
  return taken;
}

/** Every currency a stop may be priced in, with its minor digits. */
export const PRICE_CURRENCIES: ReadonlyMap<string, number> = currenciesTaken();

/** Whether a stop may be priced in `currency` (an upper-case ISO 4217 code the provider takes). */
export function isPriceCurrency(currency: unknown): currency is string {
  return typeof currency === 'string' && PRICE_CURRENCIES.has(currency);
}

/** How many digits the currency's minor unit has (RON 2, JPY 0); 2 for a code it does not know. */
export function minorDigits(currency: string): number {
  return PRICE_CURRENCIES.get(currency.toUpperCase()) ?? intlMinorDigits(currency) ?? 2;
}

/**
 * An amount as a reader of `locale` reads it: the number in their digits and separators, whole
 * amounts without decimals, others with the currency's minor digits, then a no-break space and
 * the currency's code ('35 RON', '35,50 RON', '30 EUR', '3500 JPY'; '1.234,50 EUR' in Italian).
 * The code, not a symbol: '35 lei' or '€' would read differently across languages and pages.
 */
export function formatAmount(amountMinor: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const unit = 10 ** digits;
  const fraction = amountMinor % unit === 0 ? 0 : digits;
  const number = numberFormat(locale, {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amountMinor / unit);
  return `${number}\u00a0${currency.toUpperCase()}`;
}
