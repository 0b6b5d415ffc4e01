import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

export type PerformersSheet = components['schemas']['PerformersSheetDto'];
export type SheetDream = components['schemas']['SheetDreamDto'];
export type SheetSpan = components['schemas']['SheetSpanDto'];
export type SpanCategory = SheetSpan['category'];

export function fetchPerformersSheet(slug: string, time: string): Promise<PerformersSheet> {
  return apiCall('get', '/api/admin/tour/events/{slug}/slots/{time}/dreams', {
    params: { slug, time },
  });
}

/**
 * A slot's sheet for its reviewer: its seated people's dreams as written and as the server
 * anonymised them, with the reviewer's answers, as approved so far.
 */
export const performersSheetQuery = (slug: string, time: string) =>
  queryOptions({
    queryKey: adminKeys.sheet(slug, time),
    queryFn: () => fetchPerformersSheet(slug, time),
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function usePerformersSheet(slug: string, time: string) {
  return useQuery(performersSheetQuery(slug, time));
}
