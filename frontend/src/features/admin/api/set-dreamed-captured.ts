import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRegistration } from './admin-registration';
import { adminKeys } from './admin-keys';
import { adminRequest, registrationPath } from './admin-request';

export function setDreamedCaptured({
  id,
  dreamedCaptured,
}: {
  id: string;
  dreamedCaptured: boolean;
}): Promise<AdminRegistration> {
  return adminRequest<AdminRegistration>('PATCH', registrationPath(id, 'dreamed-captured'), {
    dreamedCaptured,
  });
}

export function useSetDreamedCaptured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDreamedCaptured,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminKeys.registrations(), exact: true }),
  });
}
