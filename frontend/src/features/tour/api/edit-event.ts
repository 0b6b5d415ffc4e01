import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

export type EditEventRequest = components['schemas']['EditEventRequestDto'];

/** Changes an event's details, price, status or automatic offers; only the fields sent change. */
export function editEvent({ slug, changes }: { slug: string; changes: EditEventRequest }) {
  return apiCall('patch', '/api/admin/tour/events/{slug}', { params: { slug }, body: changes });
}

export function useEditEvent() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: editEvent,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
