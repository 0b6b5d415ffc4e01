import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';
import type { InvitedRole } from '../../../lib/admin-session/operator-types';

export interface InviteRequest {
  email: string;
  name: string;
  role: InvitedRole;
}

/** Invites an operator: the server sends the join link by email. */
export function inviteOperator(request: InviteRequest) {
  return apiCall('post', '/api/admin/operators', { body: request });
}

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.operators() }),
  });
}
