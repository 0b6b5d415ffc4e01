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

export function useBooking(purpose: LinkPurpose, token: string) {
  return useQuery(bookingQuery(purpose, token));
}
