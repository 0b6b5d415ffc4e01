import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { TourEventAdmin } from './get-tour';
import { useTourChanged } from './get-tour';

/** Marks an event as played: it leaves the site's open events for its past events. */
export function completeEvent(slug: string) {
  return apiCall('post', '/api/admin/tour/events/{slug}/complete', { params: { slug } });
}

/**
 * The outcome callbacks belong to the hook, not to `mutate`: the completed event moves to the
 * completed ones, so the card that asked is drawn anew elsewhere, and `mutate`'s own callbacks
 * would not fire after that.
 */
export function useCompleteEvent({
  onSuccess,
  onError,
}: { onSuccess?: (event: TourEventAdmin) => void; onError?: (error: unknown) => void } = {}) {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: completeEvent,
    onSuccess: (event) => {
      onSuccess?.(event);
      return changed(event);
    },
    onError: (error) => {
      onError?.(error);
      return changed();
    },
  });
}
