import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { eventPath, tourRequest } from './tour-request';
import type { AddSlotRequest, TourEventAdmin } from './tour-types';

/** A new time slot in an event; 409 when a slot of that name exists. */
export function addSlot({ slug, slot }: { slug: string; slot: AddSlotRequest }) {
  return tourRequest<TourEventAdmin>('POST', `${eventPath(slug)}/slots`, slot);
}

export function useAddSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: addSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
