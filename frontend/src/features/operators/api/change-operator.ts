import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';
import type { InvitedRole } from '../../../lib/admin-session/operator-types';

export interface OperatorChange {
  operatorId: string;
  role?: InvitedRole;
  /** Suspending ends every session of the operator at once; false reinstates. */
  suspended?: boolean;
}

export function changeOperator({ operatorId, ...change }: OperatorChange) {
  return apiCall('patch', '/api/admin/operators/{operatorId}', {
    params: { operatorId },
    body: change,
  });
}

export function useChangeOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOperator,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.operators() }),
  });
}
