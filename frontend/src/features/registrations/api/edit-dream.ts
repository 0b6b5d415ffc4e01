import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export function editDream({ id, dream }: { id: string; dream: string }) {
  return apiCall('patch', '/api/admin/registrations/{id}/dream', {
    params: { id },
    body: { dream },
  });
}

export function useEditDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDream,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
  });
}
