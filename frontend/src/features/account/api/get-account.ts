import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export function fetchAccount() {
  return apiCall('get', '/api/admin/account');
}

export const accountQuery = queryOptions({
  queryKey: adminKeys.account(),
  queryFn: fetchAccount,
  retry: false,
});

export function useAccount() {
  return useQuery(accountQuery);
}
