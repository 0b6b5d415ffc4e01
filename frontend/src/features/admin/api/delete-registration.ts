import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { adminCall } from './admin-request';

/** Deletes a registration and erases its personal data; irreversible. */
export function deleteRegistration(id: string) {
  return adminCall('delete', '/api/registrations/{id}', { params: { id } });
}

export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistration,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations(), exact: true }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}
