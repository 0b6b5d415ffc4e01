import { nextSlot } from './slot-choice';
import type { DoorSlot } from './slot-choice';

const slot = (time: string, startsAt: string): DoorSlot => ({
  event: 'bucharest',
  time,
  startsAt,
  city: 'Bucharest',
  timeZone: 'Europe/Bucharest',
});

const slots = [
  slot('Oct 30 - 9:00pm', '2025-10-30T19:00:00Z'),
  slot('Oct 30 - 7:30pm', '2025-10-30T17:30:00Z'),
  slot('Oct 19 - 7:00pm', '2025-10-19T16:00:00Z'),
];

describe('the slot the door starts on', () => {
  it('is the next one starting', () => {
    expect(nextSlot(slots, new Date('2025-10-25T12:00:00Z'))?.time).toBe('Oct 30 - 7:30pm');
  });

  it('stays on a slot that started less than 90 minutes ago', () => {
    expect(nextSlot(slots, new Date('2025-10-30T18:10:00Z'))?.time).toBe('Oct 30 - 7:30pm');
    expect(nextSlot(slots, new Date('2025-10-30T19:01:00Z'))?.time).toBe('Oct 30 - 9:00pm');
  });

  it('is the last one once every slot is over, and none without slots', () => {
    expect(nextSlot(slots, new Date('2025-11-30T12:00:00Z'))?.time).toBe('Oct 30 - 9:00pm');
    expect(nextSlot([], new Date())).toBeNull();
  });
});
