import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { eventPath, tourRequest } from './tour-request';
import type { TourEventAdmin } from './tour-types';

/** Marks an event as played: it leaves the site's open events for its past events. */
export function completeEvent(slug: string) {
  return tourRequest<TourEventAdmin>('POST', `${eventPath(slug)}/complete`);
}

export function useCompleteEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: completeEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
