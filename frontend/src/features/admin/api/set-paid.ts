import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRegistration } from './admin-registration';
import { adminKeys } from './admin-keys';
import { adminRequest, registrationPath } from './admin-request';

export function setPaid({ id, paid }: { id: string; paid: boolean }): Promise<AdminRegistration> {
  return adminRequest<AdminRegistration>('PATCH', registrationPath(id, 'paid'), { paid });
}

export function useSetPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaid,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminKeys.registrations(), exact: true }),
  });
}
