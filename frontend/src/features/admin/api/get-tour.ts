import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { ADMIN_POLL_INTERVAL_MS } from './get-registration-page';
import { tourRequest } from './tour-request';
import type { TourAdmin, TourEventAdmin } from './tour-types';

export function fetchTour(): Promise<TourAdmin> {
  return tourRequest<TourAdmin>('GET', '/api/admin/tour');
}

/**
 * Every event with its slots and seat counts. Fetched again when the event log moves (the live
 * stream), after each action, and every 5 seconds while the stream is down, like the list.
 */
export const tourQuery = (polling: boolean) =>
  queryOptions({
    queryKey: adminKeys.tour(),
    queryFn: fetchTour,
    refetchInterval: (query) =>
      polling || query.state.status === 'error' ? ADMIN_POLL_INTERVAL_MS : false,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useTour(polling: boolean) {
  return useQuery(tourQuery(polling));
}

/**
 * After an action: the event the server answered replaces the one shown at once (it is the
 * server's own state, not a guess), then the tour, its history and the site's event list are
 * read again.
 */
export async function tourChanged(queryClient: QueryClient, event?: TourEventAdmin) {
  if (event?.slug) {
    queryClient.setQueryData<TourAdmin>(adminKeys.tour(), (tour) => {
      if (!tour) return tour;
      const known = tour.events.some((candidate) => candidate.slug === event.slug);
      return {
        ...tour,
        events: known
          ? tour.events.map((candidate) => (candidate.slug === event.slug ? event : candidate))
          : [...tour.events, event],
      };
    });
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.tour() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.events() }),
  ]);
}

export function useTourChanged() {
  const queryClient = useQueryClient();
  return (event?: TourEventAdmin) => tourChanged(queryClient, event);
}
