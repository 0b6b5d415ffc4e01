import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { operatorCall } from './operator-contract';
import type { InvitedRole } from './operator-contract';

export interface OperatorChange {
  operatorId: string;
  role?: InvitedRole;
  /** Suspending ends every session of the operator at once; false reinstates. */
  suspended?: boolean;
}

export function changeOperator({ operatorId, ...change }: OperatorChange) {
  return operatorCall('PATCH /api/admin/operators/{operatorId}', {
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
