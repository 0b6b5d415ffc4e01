import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { slotPath, tourRequest } from './tour-request';
import type { ChangeSlotRequest, TourEventAdmin } from './tour-types';

/**
 * Moves a slot (a new start) or changes its capacity. The server refuses (409) a capacity below
 * the seats taken; the seats are counted there, at the moment of the change.
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
  return tourRequest<TourEventAdmin>('PATCH', slotPath(slug, time), changes);
}

export function useChangeSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: changeSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
