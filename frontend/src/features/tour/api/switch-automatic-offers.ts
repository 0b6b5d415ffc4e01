import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { editEvent } from './edit-event';
import { tourChanged } from './get-tour';
import type { TourAdmin } from './get-tour';

/**
 * Automatic waiting-list offers on or off for one event. The switch moves at once (a flag
 * nothing else depends on, so showing it early is safe) and moves back if the server refuses.
 */
export function useSwitchAutomaticOffers() {
  const queryClient = useQueryClient();
  const setShown = (slug: string, automaticOffers: boolean) =>
    queryClient.setQueryData<TourAdmin>(adminKeys.tour(), (tour) =>
      tour
        ? {
            ...tour,
            events: tour.events.map((event) =>
              event.slug === slug ? { ...event, automaticOffers } : event,
            ),
          }
        : tour,
    );
  return useMutation({
    mutationFn: ({ slug, automaticOffers }: { slug: string; automaticOffers: boolean }) =>
      editEvent({ slug, changes: { automaticOffers } }),
    onMutate: async ({ slug, automaticOffers }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.tour() });
      setShown(slug, automaticOffers);
    },
    onError: (_error, { slug, automaticOffers }) => setShown(slug, !automaticOffers),
    onSettled: (event) => tourChanged(queryClient, event),
  });
}
