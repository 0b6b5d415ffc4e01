import type { SlotRef } from './door-list';

export interface DoorSlot extends SlotRef {
  startsAt: string;
  city: string;
  timeZone: string;
}

/** How long after its start a slot is still the one at the door: latecomers, then no-shows. */
export const DOOR_OPEN_AFTER_START_MS = 90 * 60 * 1000;

/**
 * The slot the door page starts on: the next one starting (one that started less than 90
 * minutes ago still counts, its door is still open), or the last one when every slot is over.
 */
export function nextSlot(slots: readonly DoorSlot[], now: Date): DoorSlot | null {
  const byStart = [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return (
    byStart.find((slot) => Date.parse(slot.startsAt) + DOOR_OPEN_AFTER_START_MS > now.getTime()) ??
    byStart.at(-1) ??
    null
  );
}
