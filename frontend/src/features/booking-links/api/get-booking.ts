import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { components } from '../../../lib/api-schema';
import { bookingKeys, type LinkPurpose } from './booking-keys';

export type Booking = components['schemas']['BookingResponseDto'];

/** The booking an email's link names (the token is signed by the server; not the id). */
export function fetchBooking(purpose: LinkPurpose, token: string): Promise<Booking> {
  switch (purpose) {
    case 'cancel':
      return apiCall('get', '/api/registrations/cancel/booking', { query: { token } });
    case 'offer':
      return apiCall('get', '/api/registrations/offer/booking', { query: { token } });
    case 'move':
      return apiCall('get', '/api/registrations/move/booking', { query: { token } });
    case 'hand-on':
      return apiCall('get', '/api/registrations/hand-on/booking', { query: { token } });
  }
}

export const bookingQuery = (purpose: LinkPurpose, token: string) =>
  queryOptions({
    queryKey: bookingKeys.booking(purpose, token),
    queryFn: () => fetchBooking(purpose, token),
    retry: false,
  });

/**
 * The booking a link names; `whileMoving`, read again every few seconds while a move waits for
 * its difference (just paid: the payment is confirmed, and the booking moves, in a moment).
 */
export function useBooking(purpose: LinkPurpose, token: string, whileMoving = false) {
  return useQuery({
    ...bookingQuery(purpose, token),
    refetchInterval: (query) =>
      whileMoving && query.state.data?.pendingMove ? MOVE_POLL_MS : false,
  });
}

/** How often a page waiting for a move's payment to be confirmed asks again. */
export const MOVE_POLL_MS = 2000;
