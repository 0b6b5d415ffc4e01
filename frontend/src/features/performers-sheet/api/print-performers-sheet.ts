import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

export type PrintedSheet = components['schemas']['PrintedSheetDto'];

export function fetchPrintedSheet(slug: string, time: string): Promise<PrintedSheet> {
  return apiCall('get', '/api/admin/tour/events/{slug}/slots/{time}/dreams/print', {
    params: { slug, time },
  });
}

/**
 * What goes on paper: the approved texts by seat, as the server lets them out (409 while a
 * suspicion is open or a personal text was not approved knowingly). Asked only when the sheet
 * says it is printable.
 */
export function usePrintedSheet(slug: string, time: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.printedSheet(slug, time),
      queryFn: () => fetchPrintedSheet(slug, time),
      enabled,
      staleTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
