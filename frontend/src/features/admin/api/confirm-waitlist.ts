import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRegistration } from './admin-registration';
import { adminKeys } from './admin-keys';
import { adminRequest, registrationPath } from './admin-request';

/** Moves a waiting-list entry onto a free seat; the server sends the confirmation email. */
export function confirmWaitlist(id: string): Promise<AdminRegistration> {
  return adminRequest<AdminRegistration>('POST', registrationPath(id, 'confirm'));
}

export function useConfirmWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmWaitlist,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations(), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}
