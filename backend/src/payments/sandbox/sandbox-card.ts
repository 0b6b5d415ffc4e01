import type { SandboxPageTexts } from './sandbox-page-texts';

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export interface CardFields {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
}

export type CardCheck =
  | { outcome: 'pays' }
  | { outcome: 'refused'; message: keyof SandboxPageTexts; field: keyof CardFields };

/** What Stripe's test mode does with a card: the test cards' rules, and the form's checks. */
export function checkTestCard(fields: CardFields, now: Date): CardCheck {
  const number = (fields.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(number)) {
    return { outcome: 'refused', message: 'badCardNumber', field: 'cardNumber' };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry ?? '');
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? Number(expiry[2].length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    return { outcome: 'refused', message: 'badExpiry', field: 'expiry' };
  }
  if (!/^\d{3,4}$/.test((fields.cvc ?? '').trim())) {
    return { outcome: 'refused', message: 'badCvc', field: 'cvc' };
  }
  if (number === PAYING_CARD) return { outcome: 'pays' };
  if (number === DECLINED_CARD)
    return { outcome: 'refused', message: 'declined', field: 'cardNumber' };
  return { outcome: 'refused', message: 'unknownCard', field: 'cardNumber' };
}
