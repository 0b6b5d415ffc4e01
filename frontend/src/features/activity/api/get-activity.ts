import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { components, paths } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { liveViewOptions } from '../../../lib/admin-session/live-changes';

export type FeedEntry = components['schemas']['FeedEntryDto'];
type FeedQuery = NonNullable<paths['/api/admin/events']['get']['parameters']['query']>;
/** Every kind of fact the log holds, as the server's filter names them. */
export type ActivityKind = NonNullable<FeedQuery['type']>;

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityFilter {
  operator?: string;
  type?: ActivityKind;
  event?: string;
  time?: string;
}

/**
 * The log newest first, a page at a time (keyset on the log's position, as the registrations
 * are on their creation), fetched again whenever the live stream says the log moved.
 */
export const activityPagesQuery = (filter: ActivityFilter, polling: boolean) =>
  infiniteQueryOptions({
    queryKey: adminKeys.activityPages(filter),
    queryFn: ({ pageParam }) =>
      apiCall('get', '/api/admin/events', {
        query: { ...filter, order: 'newest', limit: ACTIVITY_PAGE_SIZE, before: pageParam },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
    ...liveViewOptions(polling),
  });

export function useActivityPages(filter: ActivityFilter, polling: boolean) {
  return useInfiniteQuery(activityPagesQuery(filter, polling));
}
