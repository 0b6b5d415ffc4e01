import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationHistoryEvent } from './admin-registration';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export async function fetchRegistrationHistory(id: string): Promise<RegistrationHistoryEvent[]> {
  const history = await apiCall('get', '/api/admin/registrations/{id}/history', {
    params: { id },
  });
  return history.events;
}

/** A registration's events in order; read fresh each time the drawer opens. */
export const registrationHistoryQuery = (id: string, open: boolean) =>
  queryOptions({
    queryKey: adminKeys.history(id),
    queryFn: () => fetchRegistrationHistory(id),
    enabled: open,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useRegistrationHistory(id: string, open: boolean) {
  return useQuery(registrationHistoryQuery(id, open));
}
