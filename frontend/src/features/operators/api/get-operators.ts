import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export async function fetchOperators() {
  return (await apiCall('get', '/api/admin/operators')).operators;
}

/** Every operator, the owner first, with role, state, factors and open sessions. */
export const operatorsQuery = queryOptions({
  queryKey: adminKeys.operators(),
  queryFn: fetchOperators,
  retry: false,
});

export function useOperators() {
  return useQuery(operatorsQuery);
}
