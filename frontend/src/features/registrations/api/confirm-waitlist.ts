import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

/** Moves a waiting-list entry onto a free seat; the server sends the confirmation email. */
export function confirmWaitlist(id: string) {
  return apiCall('post', '/api/admin/registrations/{id}/confirm', { params: { id } });
}

export function useConfirmWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmWaitlist,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}
