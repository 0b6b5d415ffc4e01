import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { apiCall } from '../api-client';
import { isUnauthorized } from './admin-request';
import type { AdminSessionAnswer } from './operator-types';

const SIGNED_OUT: AdminSessionAnswer = { authenticated: false };

/** Who the session cookie signs in, with the role's permissions (a 401 means nobody). */
export async function fetchSession(): Promise<AdminSessionAnswer> {
  try {
    return await apiCall('get', '/api/admin/session');
  } catch (error) {
    if (isUnauthorized(error)) return SIGNED_OUT;
    throw error;
  }
}

export const sessionQuery = queryOptions({
  queryKey: adminKeys.session(),
  queryFn: fetchSession,
  staleTime: Infinity,
  gcTime: 0,
});

export function useSessionCheck() {
  return useQuery(sessionQuery);
}
