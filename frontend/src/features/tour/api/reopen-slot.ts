import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

/** Lets a closed slot take registrations again. */
export function reopenSlot({ slug, time }: { slug: string; time: string }) {
  return apiCall('post', '/api/admin/tour/events/{slug}/slots/{time}/reopen', {
    params: { slug, time },
  });
}

export function useReopenSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: reopenSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
