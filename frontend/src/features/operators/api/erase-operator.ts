import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

/** Erases a suspended operator's name and email; the trail then names them by number. */
export function eraseOperator(operatorId: string) {
  return apiCall('post', '/api/admin/operators/{operatorId}/erasure', {
    params: { operatorId },
    body: {},
  });
}

export function useEraseOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.operators() }),
  });
}
