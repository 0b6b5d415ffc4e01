import type { AdminRegistration } from '../api/admin-registration';
import { groupBySlot, slotBadge, slotTimeLabel } from './slot-grouping';

function registration(overrides: Partial<AdminRegistration>): AdminRegistration {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Ana Pop',
    email: 'ana@example.com',
    whatsapp: '+40 712 345 678',
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    dreamedCaptured: false,
    dream: null,
    waitingList: false,
    paid: false,
    stripeSessionId: null,
    createdAt: '2025-10-01T10:00:00.000Z',
    ...overrides,
  };
}

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

describe('grouping registrations by event and time', () => {
  it('groups by event and 12-hour label, in first-seen order', () => {
    const list = [
      registration({ id: 'a', event: 'matera', time: '20:00' }),
      registration({ id: 'b', event: 'bucharest', time: 'Oct 30 - 7:30pm' }),
      registration({ id: 'c', event: 'matera', time: '8:00 PM' }),
      registration({ id: 'd', event: 'matera', time: '22:00' }),
      registration({ id: 'e', event: 'bucharest', time: 'Oct 30 - 7:30pm', waitingList: true }),
    ];
    const groups = groupBySlot(list);
    expect(
      groups.map((group) => [group.event, group.timeLabel, group.registrations.map((r) => r.id)]),
    ).toEqual([
      ['matera', '8:00 PM', ['a', 'c']],
      ['bucharest', '7:30pm', ['b', 'e']],
      ['matera', '10:00 PM', ['d']],
    ]);
    expect(groups[0]!.times).toEqual(['20:00', '8:00 PM']);
  });

  it('counts confirmed rows when the capacity does not know the slot', () => {
    const list = Array.from({ length: 19 }, (_, index) =>
      registration({ id: `id-${index}`, waitingList: index === 0 }),
    );
    const [group] = groupBySlot(list);
    expect(group).toMatchObject({ registered: 18, waiting: 1, limit: 20, badge: 'almostFull' });
  });

  it('takes seats from the capacity answer, which counts held seats too', () => {
    const [group] = groupBySlot([registration({})], {
      bucharest: { 'Oct 30 - 7:30pm': { available: 0, registered: 20, waitingList: 3, limit: 20 } },
    });
    expect(group).toMatchObject({ registered: 20, waiting: 3, limit: 20, badge: 'full' });
  });
});
