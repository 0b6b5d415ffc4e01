import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { operatorCall } from './operator-contract';

export function fetchInvitation(token: string) {
  return operatorCall('GET /api/operators/invitations/{token}', { params: { token } });
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
