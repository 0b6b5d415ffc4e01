import { slotBadge, slotTimeLabel } from './slot-grouping';

describe('slot time labels (SPEC section 9)', () => {
  it.each([
    ['19:00', '7:00 PM'],
    ['19:30', '7:30 PM'],
    ['20:00', '8:00 PM'],
    ['20:45', '8:45 PM'],
    ['21:00', '9:00 PM'],
    ['22:00', '10:00 PM'],
    ['22:30', '10:30 PM'],
  ])('maps %s to %s', (time, label) => {
    expect(slotTimeLabel(time)).toBe(label);
  });

  it('takes the part after " - " when there is one', () => {
    expect(slotTimeLabel('Oct 30 - 7:30pm')).toBe('7:30pm');
    expect(slotTimeLabel('19 Oct - 7:00pm')).toBe('7:00pm');
  });

  it('keeps any other time as it is', () => {
    expect(slotTimeLabel('8:00 PM')).toBe('8:00 PM');
    expect(slotTimeLabel('18:15')).toBe('18:15');
  });
});

describe('slot badges by registered count', () => {
  it.each([
    [0, 'open'],
    [17, 'open'],
    [18, 'almostFull'],
    [19, 'almostFull'],
    [20, 'full'],
    [23, 'full'],
  ])('%i registered is %s', (registered, badge) => {
    expect(slotBadge(registered)).toBe(badge);
  });
});
