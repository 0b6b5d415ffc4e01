import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

/** Marks an event as played: it leaves the site's open events for its past events. */
export function completeEvent(slug: string) {
  return apiCall('post', '/api/admin/tour/events/{slug}/complete', { params: { slug } });
}

export function useCompleteEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: completeEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
