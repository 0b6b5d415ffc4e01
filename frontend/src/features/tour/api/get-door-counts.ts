import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

export type SlotDoorCounts = components['schemas']['SlotDoorCountsDto'];

export function fetchDoorCounts(): Promise<components['schemas']['DoorCountsResponseDto']> {
  return apiCall('get', '/api/admin/check-ins/counts');
}

/**
 * Each slot's checked in and no-shows, for the Tour page. Kept under the tour's key, so whatever
 * reads the tour again (the live stream, an action) reads these again too.
 */
export const doorCountsQuery = () =>
  queryOptions({
    queryKey: adminKeys.doorCounts(),
    queryFn: fetchDoorCounts,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The door's counts of one slot; undefined while unknown or when nobody is seated. */
export function useSlotDoorCounts(event: string, time: string): SlotDoorCounts | undefined {
  const counts = useQuery(doorCountsQuery());
  return counts.data?.slots.find((slot) => slot.event === event && slot.time === time);
}
