import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationHistoryEvent } from './admin-registration';
import { adminKeys } from './admin-keys';
import { adminRequest } from './admin-request';

export function fetchRegistrationHistory(id: string): Promise<RegistrationHistoryEvent[]> {
  return adminRequest<unknown>(
    'GET',
    `/api/admin/registrations/${encodeURIComponent(id)}/history`,
  ).then(toEvents);
}

// The answer is the list itself, or an object that carries it under `events`.
function toEvents(body: unknown): RegistrationHistoryEvent[] {
  if (Array.isArray(body)) return body as RegistrationHistoryEvent[];
  if (
    typeof body === 'object' &&
    body !== null &&
    Array.isArray((body as { events?: unknown }).events)
  ) {
    return (body as { events: RegistrationHistoryEvent[] }).events;
  }
  return [];
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
