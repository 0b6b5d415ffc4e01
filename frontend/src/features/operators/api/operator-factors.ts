import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';

/** The owner removes one of an operator's passkeys. */
export function removeOperatorPasskey({
  operatorId,
  passkeyId,
}: {
  operatorId: string;
  passkeyId: string;
}) {
  return apiCall('delete', '/api/admin/operators/{operatorId}/passkeys/{passkeyId}', {
    params: { operatorId, passkeyId },
  });
}

/** The owner resets an operator's second factor: every passkey, the app and the codes go. */
export function resetSecondFactor(operatorId: string) {
  return apiCall('post', '/api/admin/operators/{operatorId}/second-factor-reset', {
    params: { operatorId },
    body: {},
  });
}

function useOperatorsChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.operators() }),
  });
}

export const useRemoveOperatorPasskey = () => useOperatorsChange(removeOperatorPasskey);
export const useResetSecondFactor = () => useOperatorsChange(resetSecondFactor);
