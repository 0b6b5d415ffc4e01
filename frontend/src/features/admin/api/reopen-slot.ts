import { useMutation } from '@tanstack/react-query';
import { useTourChanged } from './get-tour';
import { slotPath, tourRequest } from './tour-request';
import type { TourEventAdmin } from './tour-types';

/** Lets a closed slot take registrations again. */
export function reopenSlot({ slug, time }: { slug: string; time: string }) {
  return tourRequest<TourEventAdmin>('POST', `${slotPath(slug, time)}/reopen`);
}

export function useReopenSlot() {
  const changed = useTourChanged();
  return useMutation({
    mutationFn: reopenSlot,
    onSuccess: (event) => changed(event),
    onError: () => changed(),
  });
}
