import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

export const siteInfoQuery = queryOptions({
  queryKey: ['/api', 'site-info'] as const,
  queryFn: () => apiGet('/api/site-info'),
});

/** The chat join code and the contact addresses, shared by several pages. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery);
}
