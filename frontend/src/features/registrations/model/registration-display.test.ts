import { displayName, seatAndMoney, shortId } from './registration-display';

describe('short user id', () => {
  it("is '#' and the last 6 characters of the id, uppercased", () => {
    expect(shortId('3f1c2a9e-77b0-4c1d-9a2e-0b5e8d4fa1c3')).toBe('#4FA1C3');
    expect(shortId('abc')).toBe('#ABC');
  });
});

describe('name fallback', () => {
  it('shows the name', () => {
    expect(displayName({ name: 'Ana Pop', firstName: 'X', lastName: 'Y' })).toBe('Ana Pop');
  });

  it('tolerates legacy first and last names when the name is missing', () => {
    expect(displayName({ name: null, firstName: 'Giulia', lastName: 'Rossi' })).toBe(
      'Giulia Rossi',
    );
    expect(displayName({ name: '  ', firstName: 'Giulia' })).toBe('Giulia');
    expect(displayName({ lastName: 'Rossi' })).toBe('Rossi');
  });

  it('has no name when neither exists (the card says Unknown Name)', () => {
    expect(displayName({ name: null })).toBeNull();
    expect(displayName({})).toBeNull();
  });
});

describe('what the status means for the seat and the money', () => {
  it("tells a card payment from an operator's mark, and a refund from a kept payment", () => {
    expect(seatAndMoney({ status: 'paid', paid: true, paidBy: 'card' })).toBe('paidByCard');
    expect(seatAndMoney({ status: 'paid', paid: true, paidBy: 'operator' })).toBe('paidByOperator');
    expect(seatAndMoney({ status: 'confirmed', paid: false, paidBy: null })).toBe(
      'confirmedUnpaid',
    );
    expect(seatAndMoney({ status: 'confirmed', paid: true, paidBy: 'operator' })).toBe(
      'confirmedPaidByOperator',
    );
    expect(seatAndMoney({ status: 'cancelled', paid: true, paidBy: 'card' })).toBe('cancelledPaid');
    expect(seatAndMoney({ status: 'cancelled', paid: false, paidBy: null })).toBe('cancelled');
    for (const status of ['held', 'offered', 'waiting', 'released', 'refunded'] as const) {
      expect(seatAndMoney({ status, paid: false, paidBy: null })).toBe(status);
    }
  });
});
