import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { KeyValueStorage } from '../model/check-in-queue';
import type { DoorSlot } from '../model/slot-choice';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

const SLOTS_KEY = 'door.slots';

function cachedSlots(storage: KeyValueStorage): DoorSlot[] | undefined {
  try {
    const stored: unknown = JSON.parse(storage.getItem(SLOTS_KEY) ?? 'null');
    return Array.isArray(stored) ? (stored as DoorSlot[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every slot of the tour's events that are not completed, from the site's public tour: every
 * role that works the door may read it (the Command Center's tour is the tour role's).
 */
export async function fetchDoorSlots(): Promise<DoorSlot[]> {
  const events = await apiGet('/api/events');
  const slots = events
    .filter((event) => event.status !== 'completed')
    .flatMap((event) =>
      event.slots.map((slot) => ({
        event: event.slug,
        time: slot.time,
        startsAt: slot.startsAt,
        city: event.city,
        timeZone: event.timeZone,
      })),
    );
  try {
    localStorage.setItem(SLOTS_KEY, JSON.stringify(slots));
  } catch {
    // Without room in storage the picker offline offers the slots of the cached lists only.
  }
  return slots;
}

/** The slots to pick from: the last ones seen at once (offline too), then the server's. */
export function useDoorSlots() {
  return useQuery({
    queryKey: adminKeys.doorSlots(),
    queryFn: fetchDoorSlots,
    initialData: () => cachedSlots(localStorage),
    initialDataUpdatedAt: 0,
    staleTime: 0,
    retry: false,
  });
}
