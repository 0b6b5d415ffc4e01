import { QueryClient } from '@tanstack/react-query';
import { fetchByQueryKey } from './api-client';

/** SPEC section 7: data is never stale, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: fetchByQueryKey,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
