import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { liveViewOptions } from '../../../lib/admin-session/live-changes';

export type TourAdmin = components['schemas']['TourAdminDto'];
export type TourEventAdmin = components['schemas']['TourEventAdminDto'];
export type TourSlotAdmin = components['schemas']['TourSlotAdminDto'];
/** An event's city and venue in Italian and Romanian; any of them may be left out. */
export type TourLocalised = TourEventAdmin['localised'];

export function fetchTour(): Promise<TourAdmin> {
  return apiCall('get', '/api/admin/tour');
}

/**
 * Every event with its slots and seat counts. Fetched again when the event log moves (the live
 * stream), after each action, and every 5 seconds while the stream is down, like the list.
 */
export const tourQuery = (polling: boolean) =>
  queryOptions({
    queryKey: adminKeys.tour(),
    queryFn: fetchTour,
    ...liveViewOptions(polling),
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
