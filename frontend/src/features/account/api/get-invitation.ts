import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export function fetchInvitation(token: string) {
  return apiCall('get', '/api/operators/invitations/{token}', { params: { token } });
}

/** The invitation behind a join link: who is invited, to which role, until when. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: adminKeys.invitation(token),
    queryFn: () => fetchInvitation(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
