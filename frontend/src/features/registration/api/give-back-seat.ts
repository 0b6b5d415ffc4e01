import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { registrationKeys } from './registration-keys';

/** Gives a held, unpaid seat back at once (the payment page is closed with the provider). */
export function giveBackSeat(id: string) {
  return apiPost('/api/registrations/{id}/give-back', { params: { id } });
}

export function useGiveBackSeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveBackSeat,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.capacity() }),
  });
}
