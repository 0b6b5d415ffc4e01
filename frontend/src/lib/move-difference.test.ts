import { priceDifference as serverRule } from '../../../backend/src/registrations/domain/booking-changes';
import { priceDifference } from './move-difference';

describe('the difference of price of a move', () => {
  const cases: [
    { amountMinor: number; currency: string } | null,
    { amountMinor: number; currency: string },
  ][] = [
    [null, { amountMinor: 5000, currency: 'RON' }],
    [
      { amountMinor: 3500, currency: 'RON' },
      { amountMinor: 3500, currency: 'RON' },
    ],
    [
      { amountMinor: 3500, currency: 'ron' },
      { amountMinor: 5000, currency: 'RON' },
    ],
    [
      { amountMinor: 5000, currency: 'RON' },
      { amountMinor: 3500, currency: 'RON' },
    ],
    [
      { amountMinor: 3500, currency: 'RON' },
      { amountMinor: 3000, currency: 'EUR' },
    ],
    [
      { amountMinor: 0, currency: 'RON' },
      { amountMinor: 3500, currency: 'RON' },
    ],
  ];

  it('pays a dearer slot’s difference, refunds a cheaper one’s, and refuses another currency', () => {
    expect(cases.map(([paid, price]) => priceDifference(paid, price))).toEqual([
      { kind: 'none' },
      { kind: 'none' },
      { kind: 'pay', amountMinor: 1500, currency: 'RON' },
      { kind: 'refund', amountMinor: 1500, currency: 'RON' },
      { kind: 'other-currency', paidCurrency: 'RON', currency: 'EUR' },
      { kind: 'pay', amountMinor: 3500, currency: 'RON' },
    ]);
  });

  it('decides as the server does, case by case', () => {
    for (const [paid, price] of cases) {
      expect(priceDifference(paid, price)).toEqual(serverRule(paid, price));
    }
  });
});
