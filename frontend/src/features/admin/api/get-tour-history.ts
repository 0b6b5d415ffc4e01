import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { tourRequest } from './tour-request';
import type { TourHistoryPage } from './tour-types';

export const TOUR_HISTORY_PAGE_SIZE = 50;

export function fetchTourHistory(
  event: string | null,
  before: string | undefined,
): Promise<TourHistoryPage> {
  const query = new URLSearchParams({ limit: String(TOUR_HISTORY_PAGE_SIZE) });
  if (event) query.set('event', event);
  if (before) query.set('before', before);
  return tourRequest<TourHistoryPage>('GET', `/api/admin/tour/history?${query.toString()}`);
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
