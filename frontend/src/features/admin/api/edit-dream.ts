import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRegistration } from './admin-registration';
import { adminKeys } from './admin-keys';
import { adminRequest, registrationPath } from './admin-request';

export function editDream({
  id,
  dream,
}: {
  id: string;
  dream: string;
}): Promise<AdminRegistration> {
  return adminRequest<AdminRegistration>('PATCH', registrationPath(id, 'dream'), { dream });
}

export function useEditDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDream,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminKeys.registrations(), exact: true }),
  });
}
