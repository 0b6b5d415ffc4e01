import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { slotPath, tourRequest } from './tour-request';
import type { TourEventAdmin } from './tour-types';

/** Stops a slot taking registrations; the people in it keep their seats. */
export function closeSlot({ slug, time }: { slug: string; time: string }) {
  return tourRequest<TourEventAdmin>('POST', `${slotPath(slug, time)}/close`);
}

export function useCloseSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: closeSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
