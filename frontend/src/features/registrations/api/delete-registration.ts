import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export interface DeleteRegistrationRequest {
  id: string;
  /** Refund a payment taken through the payment provider (the server's default is yes). */
  refund: boolean;
}

/** Deletes a registration and erases its personal data; irreversible. */
export function deleteRegistration({ id, refund }: DeleteRegistrationRequest) {
  return apiCall('delete', '/api/registrations/{id}', {
    params: { id },
    query: { refund: refund ? 'true' : 'false' },
  });
}

/**
 * The outcome callbacks belong to the hook, not to `mutate`: the deleted row (and the component
 * that asked) leaves the page when the list is refetched, and `mutate`'s own callbacks would not
 * fire after that.
 */
export function useDeleteRegistration({
  onSuccess,
  onError,
}: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistration,
    onSuccess,
    onError,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}
