import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/** Cancels the booking the link names; the server refunds what was paid and emails. */
export function cancelBooking(token: string) {
  return apiCall('post', '/api/registrations/cancel', { body: { token } });
}

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: bookingKeys.booking('cancel', token) }),
  });
}
