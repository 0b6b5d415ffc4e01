import { formatPrice } from './dates';

describe('formatPrice', () => {
  it('shows whole units bare and cents as two digits, the currency never wrapped apart', () => {
    expect(formatPrice(3500, 'RON', 'en')).toBe('35\u00a0RON');
    expect(formatPrice(4250, 'RON', 'en')).toBe('42.50\u00a0RON');
    expect(formatPrice(4250, 'RON', 'ro')).toBe('42,50\u00a0RON');
    expect(formatPrice(4205, 'RON', 'it')).toBe('42,05\u00a0RON');
  });
});
