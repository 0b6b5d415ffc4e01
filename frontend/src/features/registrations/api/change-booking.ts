import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export interface MoveBookingRequest {
  id: string;
  event: string;
  time: string;
  /** A dearer slot's difference: waived, or asked of the visitor. */
  difference?: 'waive' | 'ask';
}

export interface HandOnBookingRequest {
  id: string;
  name: string;
  email: string;
  whatsapp: string;
  dream: string;
  locale: 'en' | 'it' | 'ro';
}

/**
 * Moves a booking to another slot; the server sends the person their new ticket (or, a dearer
 * slot's difference asked, the link to pay it). Answers the registration as it now stands.
 */
export function moveBooking({ id, event, time, difference }: MoveBookingRequest) {
  return apiCall('post', '/api/admin/registrations/{id}/move', {
    params: { id },
    body: { event, time, ...(difference ? { difference } : {}) },
  });
}

/** Hands a booking on to someone else: answers the new person's registration. */
export function handOnBooking({ id, ...person }: HandOnBookingRequest) {
  return apiCall('post', '/api/admin/registrations/{id}/hand-on', {
    params: { id },
    body: person,
  });
}

function useChange<T, R>(change: (request: T) => Promise<R>) {
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
