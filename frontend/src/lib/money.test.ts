import { formatAmount } from '../../../backend/src/common/money';
import { formatPrice, minorDigits } from './money';

describe('formatPrice', () => {
  it('writes a price in the reader’s digits, then its code, never wrapped apart', () => {
    expect(formatPrice(3500, 'RON', 'en')).toBe('35\u00a0RON');
    expect(formatPrice(3500, 'RON', 'it')).toBe('35\u00a0RON');
    expect(formatPrice(3500, 'RON', 'ro')).toBe('35\u00a0RON');
    expect(formatPrice(4250, 'RON', 'en')).toBe('42.50\u00a0RON');
    expect(formatPrice(4250, 'RON', 'ro')).toBe('42,50\u00a0RON');
    expect(formatPrice(4205, 'RON', 'it')).toBe('42,05\u00a0RON');
  });

  it('counts each currency’s minor unit as Intl does: cents for EUR, whole yen', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatPrice(3050, 'EUR', 'en')).toBe('30.50\u00a0EUR');
    expect(formatPrice(3050, 'EUR', 'it')).toBe('30,50\u00a0EUR');
    expect(formatPrice(3000, 'EUR', 'ro')).toBe('30\u00a0EUR');
    expect(formatPrice(3500, 'JPY', 'en')).toBe('3,500\u00a0JPY');
    expect(formatPrice(123456, 'EUR', 'it')).toBe('1234,56\u00a0EUR');
    expect(formatPrice(3500, 'eur', 'en')).toBe('35\u00a0EUR');
  });

  it('says what the emails and the payment page say, in every language', () => {
    const prices: [number, string][] = [
      [3500, 'RON'],
      [4250, 'RON'],
      [3000, 'EUR'],
      [3050, 'EUR'],
      [3500, 'JPY'],
      [1234567, 'EUR'],
    ];
    for (const locale of ['en', 'it', 'ro']) {
      for (const [minor, currency] of prices) {
        expect(formatPrice(minor, currency, locale)).toBe(formatAmount(minor, currency, locale));
      }
    }
  });
});
