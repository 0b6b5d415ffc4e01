import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export interface MoveBookingRequest {
  id: string;
  event: string;
  time: string;
}

export interface HandOnBookingRequest {
  id: string;
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  locale: 'en' | 'it' | 'ro';
}

/** Moves a booking to another slot; the server sends the person their new ticket. */
export function moveBooking({ id, event, time }: MoveBookingRequest) {
  return apiCall('post', '/api/admin/registrations/{id}/move', {
    params: { id },
    body: { event, time },
  });
}

/** Hands a booking on to someone else: answers the new person's registration. */
export function handOnBooking({ id, ...person }: HandOnBookingRequest) {
  return apiCall('post', '/api/admin/registrations/{id}/hand-on', {
    params: { id },
    body: person,
  });
}

function useChange<T>(change: (request: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}

export const useMoveBooking = () => useChange(moveBooking);
export const useHandOnBooking = () => useChange(handOnBooking);
