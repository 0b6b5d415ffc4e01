import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

export type TourHistoryPage = components['schemas']['TourHistoryDto'];
export type TourHistoryEntry = components['schemas']['TourHistoryEntryDto'];

export const TOUR_HISTORY_PAGE_SIZE = 50;

export function fetchTourHistory(
  event: string | null,
  before: string | undefined,
): Promise<TourHistoryPage> {
  return apiCall('get', '/api/admin/tour/history', {
    query: { limit: TOUR_HISTORY_PAGE_SIZE, event: event ?? undefined, before },
  });
}

/** The tour's changes, newest first, a page at a time; one event's or the whole tour's. */
export const tourHistoryQuery = (event: string | null, open: boolean) =>
  infiniteQueryOptions({
    queryKey: adminKeys.tourHistory(event),
    queryFn: ({ pageParam }) => fetchTourHistory(event, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: open,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useTourHistory(event: string | null, open: boolean) {
  return useInfiniteQuery(tourHistoryQuery(event, open));
}
