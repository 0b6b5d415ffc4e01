import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { adminRequest, isUnauthorized } from './admin-request';

/** Whether the session cookie is a live admin session: 401, or a body that says not, is no. */
export async function fetchSessionIsLive(): Promise<boolean> {
  try {
    const body = await adminRequest<unknown>('GET', '/api/admin/session');
    return !saysSignedOut(body);
  } catch (error) {
    if (isUnauthorized(error)) return false;
    throw error;
  }
}

function saysSignedOut(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  return ['authenticated', 'active', 'live', 'loggedIn', 'valid'].some(
    (flag) => (body as Record<string, unknown>)[flag] === false,
  );
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
