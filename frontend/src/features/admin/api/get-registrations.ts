import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRegistration } from './admin-registration';
import { adminKeys } from './admin-keys';
import { apiCall } from '../../../lib/api-client';

/** SPEC sections 7 and 9: the operator's screen is always current. */
export const ADMIN_POLL_INTERVAL_MS = 5000;

export function fetchRegistrations(): Promise<AdminRegistration[]> {
  return apiCall('get', '/api/registrations');
}

/** Every registration, newest first; polled only while the operator is signed in. */
export const registrationsQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: adminKeys.registrations(),
    queryFn: fetchRegistrations,
    enabled: signedIn,
    refetchInterval: signedIn ? ADMIN_POLL_INTERVAL_MS : false,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useRegistrations(signedIn: boolean) {
  return useQuery(registrationsQuery(signedIn));
}
