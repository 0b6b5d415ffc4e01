import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { cacheDoorList, cachedDoorList } from '../model/door-cache';
import type { DoorList, SlotRef } from '../model/door-list';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

/** While the door is open the list is read again this often, and kept for when the network goes. */
export const DOOR_LIST_REFRESH_MS = 10_000;

export async function fetchDoorList(slot: SlotRef): Promise<DoorList> {
  const list = await apiCall('get', '/api/admin/tour/events/{slug}/slots/{time}/door', {
    params: { slug: slot.event, time: slot.time },
  });
  cacheDoorList(localStorage, list, new Date());
  return list;
}

/**
 * The slot's door list: the last one this phone fetched (from storage) at once, then the
 * server's, again every 10 seconds while there is a network.
 */
export const doorListQuery = (slot: SlotRef) =>
  queryOptions({
    queryKey: adminKeys.doorList(slot),
    queryFn: () => fetchDoorList(slot),
    initialData: () => cachedDoorList(localStorage, slot),
    initialDataUpdatedAt: 0,
    refetchInterval: DOOR_LIST_REFRESH_MS,
    staleTime: 0,
    retry: false,
  });

export function useDoorList(slot: SlotRef | null) {
  return useQuery({
    ...doorListQuery(slot ?? { event: '', time: '' }),
    enabled: slot !== null,
  });
}
