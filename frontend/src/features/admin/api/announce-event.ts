import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { tourRequest } from './tour-request';
import type { AnnounceEventRequest, TourEventAdmin } from './tour-types';

/** A new event on the tour; 409 when its slug is taken. */
export function announceEvent(request: AnnounceEventRequest) {
  return tourRequest<TourEventAdmin>('POST', '/api/admin/tour/events', request);
}

export function useAnnounceEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: announceEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
