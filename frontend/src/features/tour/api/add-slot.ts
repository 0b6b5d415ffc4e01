import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { useTourChanged } from './get-tour';

export type AddSlotRequest = components['schemas']['AddSlotRequestDto'];

/** A new time slot in an event; 409 when a slot of that name exists. */
export function addSlot({ slug, slot }: { slug: string; slot: AddSlotRequest }) {
  return apiCall('post', '/api/admin/tour/events/{slug}/slots', { params: { slug }, body: slot });
}

export function useAddSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: addSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
