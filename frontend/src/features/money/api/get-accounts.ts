import { queryOptions, useQuery } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall, apiUrl } from '../../../lib/api-client';

export type Accounts = components['schemas']['AccountsDto'];
export type StopAccounts = components['schemas']['StopAccountsDto'];
export type CurrencyTotals = components['schemas']['CurrencyTotalsDto'];

export function fetchAccounts(): Promise<Accounts> {
  return apiCall('get', '/api/admin/accounts');
}

/** The tour's money per stop and slot, in each currency apart, as the log folds it. */
export const accountsQuery = queryOptions({
  queryKey: adminKeys.accounts(),
  queryFn: fetchAccounts,
  retry: false,
});

export function useAccounts() {
  return useQuery(accountsQuery);
}

/** The accountant's CSV: every payment and refund, with its receipt. */
export const ACCOUNTS_CSV_URL = apiUrl('/api/admin/accounts.csv');
