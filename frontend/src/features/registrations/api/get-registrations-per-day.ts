import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

export type DayCount = components['schemas']['DayCountDto'];

function operatorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Registrations per day of the operator's calendar, counted by the server; under the list's key,
 * so whatever refreshes the list refreshes the chart.
 */
export const registrationsPerDayQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.registrations(), 'per-day'] as const,
    queryFn: (): Promise<DayCount[]> =>
      apiCall('get', '/api/admin/registrations/per-day', {
        query: { timeZone: operatorTimeZone() },
      }),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useRegistrationsPerDay() {
  return useQuery(registrationsPerDayQuery());
}
