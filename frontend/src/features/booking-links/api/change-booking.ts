import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/** The new person a booking is handed on to, as they give themselves. */
export interface NewHolder {
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  locale: 'en' | 'it' | 'ro';
}

/**
 * Moves the booking the link names to another slot: at once (the server sends the new ticket),
 * or, to a dearer slot, once the difference is paid on the page it answers.
 */
export function useMoveBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: { event: string; time: string }) =>
      apiCall('post', '/api/registrations/move', { body: { token, ...slot } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: bookingKeys.booking('move', token) }),
  });
}

/** The payment page of the difference the booking's move waits for (opened, or the one open). */
export function usePayMoveDifference(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('post', '/api/registrations/move/checkout', { body: { token } }),
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKeys.booking('move', token) }),
  });
}

/** Hands the booking the link names on to someone else; the link names nobody afterwards. */
export function useHandOnBooking(token: string) {
  return useMutation({
    mutationFn: (holder: NewHolder) =>
      apiCall('post', '/api/registrations/hand-on', { body: { token, ...holder } }),
  });
}
