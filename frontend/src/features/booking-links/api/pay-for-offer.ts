import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/** The payment page of the offered seat (opened, or the one already open). */
export function payForOffer(token: string) {
  return apiCall('post', '/api/registrations/offer/checkout', { body: { token } });
}

export function usePayForOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payForOffer(token),
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKeys.booking('offer', token) }),
  });
}
