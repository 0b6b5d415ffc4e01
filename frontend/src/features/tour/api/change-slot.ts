import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

export type ChangeSlotRequest = components['schemas']['EditSlotRequestDto'];

/**
 * Moves a slot (a new start) or changes its capacity. The server refuses (409) a capacity below
 * the seats taken; the seats are counted there, at the moment of the change. The slot's name
 * ("Dec 3 - 7:30pm") travels as one encoded path segment.
 */
export function changeSlot({
  slug,
  time,
  changes,
}: {
  slug: string;
  time: string;
  changes: ChangeSlotRequest;
}) {
  return apiCall('patch', '/api/admin/tour/events/{slug}/slots/{time}', {
    params: { slug, time },
    body: changes,
  });
}

export function useChangeSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: changeSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
