import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { eventPath, tourRequest } from './tour-request';
import type { EditEventRequest, TourEventAdmin } from './tour-types';

/** Changes an event's details, price or status; only the fields sent change. */
export function editEvent({ slug, changes }: { slug: string; changes: EditEventRequest }) {
  return tourRequest<TourEventAdmin>('PATCH', eventPath(slug), changes);
}

export function useEditEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: editEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
