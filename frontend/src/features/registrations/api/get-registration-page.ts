import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { liveViewOptions } from '../../../lib/admin-session/live-changes';

export type RegistrationPage = components['schemas']['RegistrationPageDto'];
export type SlotTotals = components['schemas']['SlotTotalsDto'];

export const PAGE_SIZE = 100;

export interface RegistrationFilter {
  q?: string;
  /** A status filter: the values rows are listed as. */
  status?: components['schemas']['AdminRegistrationDto']['listedAs'];
  event?: string;
  time?: string;
}

export function fetchRegistrationPage(
  filter: RegistrationFilter,
  cursor: string | undefined,
  limit = PAGE_SIZE,
): Promise<RegistrationPage> {
  return apiCall('get', '/api/admin/registrations', {
    query: { ...filter, limit, cursor },
  });
}

/**
 * The list a page at a time, as the operator scrolls; on a change (the live stream, or an
 * operator's own action) every page shown is fetched again.
 */
export const registrationPagesQuery = (filter: RegistrationFilter, polling: boolean) =>
  infiniteQueryOptions({
    queryKey: adminKeys.registrationPages(filter),
    queryFn: ({ pageParam }) => fetchRegistrationPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While a new search or filter loads, the list shown stays (no flash of "Loading").
    placeholderData: keepPreviousData,
    ...liveViewOptions(polling),
  });

export function useRegistrationPages(filter: RegistrationFilter, polling: boolean) {
  return useInfiniteQuery(registrationPagesQuery(filter, polling));
}
