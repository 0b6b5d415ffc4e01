import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { operatorCall } from './operator-contract';

export function fetchAccount() {
  return operatorCall('GET /api/admin/account');
}

export const accountQuery = queryOptions({
  queryKey: adminKeys.account(),
  queryFn: fetchAccount,
  retry: false,
});

export function useAccount() {
  return useQuery(accountQuery);
}
