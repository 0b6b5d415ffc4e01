import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

/** Ends one open session of an operator (the owner's own other sessions too: 'owner'). */
export function revokeSession({
  operatorId,
  sessionId,
}: {
  operatorId: string;
  sessionId: string;
}) {
  return apiCall('delete', '/api/admin/operators/{operatorId}/sessions/{sessionId}', {
    params: { operatorId, sessionId },
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.operators() }),
  });
}
