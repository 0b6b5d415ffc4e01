import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

/** Stops a slot taking registrations; the people in it keep their seats. */
export function closeSlot({ slug, time }: { slug: string; time: string }) {
  return apiCall('post', '/api/admin/tour/events/{slug}/slots/{time}/close', {
    params: { slug, time },
  });
}

export function useCloseSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: closeSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
