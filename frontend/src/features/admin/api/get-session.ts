import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { apiCall } from '../../../lib/api-client';
import { isUnauthorized } from './admin-request';

/** Whether the session cookie is a live admin session (a 401 also means no). */
export async function fetchSessionIsLive(): Promise<boolean> {
  try {
    const session = await apiCall('get', '/api/admin/session');
    return session.authenticated === true;
  } catch (error) {
    if (isUnauthorized(error)) return false;
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: adminKeys.session(),
  queryFn: fetchSessionIsLive,
  staleTime: Infinity,
  gcTime: 0,
});

export function useSessionCheck() {
  return useQuery(sessionQuery);
}
