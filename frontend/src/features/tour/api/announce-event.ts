import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

export type AnnounceEventRequest = components['schemas']['AnnounceEventRequestDto'];

/** A new event on the tour; 409 when its slug is taken. */
export function announceEvent(request: AnnounceEventRequest) {
  return apiCall('post', '/api/admin/tour/events', { body: request });
}

export function useAnnounceEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: announceEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
