import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CapacityByEvent } from './admin-registration';
import { adminKeys } from './admin-keys';
import { apiCall } from '../../../lib/api-client';
import { ADMIN_POLL_INTERVAL_MS } from './get-registrations';

export function fetchCapacity(): Promise<CapacityByEvent> {
  return apiCall('get', '/api/capacity');
}

/** Seats per slot, polled with the registrations only while the operator is signed in. */
export const adminCapacityQuery = (signedIn: boolean) =>
  queryOptions({
    queryKey: adminKeys.capacity(),
    queryFn: fetchCapacity,
    enabled: signedIn,
    refetchInterval: signedIn ? ADMIN_POLL_INTERVAL_MS : false,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useAdminCapacity(signedIn: boolean) {
  return useQuery(adminCapacityQuery(signedIn));
}
