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

describe("slot badges relative to the slot's own limit", () => {
  it.each([
    [0, 20, 'open'],
    [17, 20, 'open'],
    [18, 20, 'almostFull'],
    [19, 20, 'almostFull'],
    [20, 20, 'full'],
    [23, 20, 'full'],
    [4, 4, 'full'],
    [5, 5, 'full'],
    [3, 4, 'open'],
    [9, 10, 'almostFull'],
    [25, 40, 'open'],
  ])('%i of %i seats taken is %s', (seats, limit, badge) => {
    expect(slotBadge(seats, limit)).toBe(badge);
  });

  it('says CLOSED for a slot the operator closed and PAST for one that has started', () => {
    const now = Date.parse('2026-12-10T12:00:00Z');
    expect(slotBadge(3, 20, { status: 'closed', startsAt: '2026-12-11T18:00:00Z' }, now)).toBe(
      'closed',
    );
    expect(slotBadge(20, 20, { status: 'open', startsAt: '2026-12-10T11:00:00Z' }, now)).toBe(
      'past',
    );
    expect(slotBadge(20, 20, { status: 'open', startsAt: '2026-12-11T18:00:00Z' }, now)).toBe(
      'full',
    );
  });
});
