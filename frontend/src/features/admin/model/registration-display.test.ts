import {
  checkoutStage,
  displayName,
  isShownPaid,
  registrationStatus,
  shortId,
} from './registration-display';

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

describe('paid and status', () => {
  it('shows paid when a payment session exists or the flag is set', () => {
    expect(isShownPaid({ paid: false, stripeSessionId: 'cs_test_1' })).toBe(true);
    expect(isShownPaid({ paid: true, stripeSessionId: null })).toBe(true);
    expect(isShownPaid({ paid: false, stripeSessionId: null })).toBe(false);
  });

  it('is WAITING on the waiting list and CONFIRMED otherwise', () => {
    expect(registrationStatus({ waitingList: true })).toBe('waiting');
    expect(registrationStatus({ waitingList: false })).toBe('confirmed');
  });
});

describe('checkout stage', () => {
  it('names a held, released or refunded seat, and nothing otherwise', () => {
    expect(checkoutStage({ status: 'held' })).toBe('held');
    expect(checkoutStage({ status: 'released' })).toBe('released');
    expect(checkoutStage({ status: 'refunded' })).toBe('refunded');
    expect(checkoutStage({ status: 'paid' })).toBeNull();
    expect(checkoutStage({})).toBeNull();
  });
});
