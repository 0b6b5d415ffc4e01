import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export function setPaid({ id, paid }: { id: string; paid: boolean }) {
  return apiCall('patch', '/api/admin/registrations/{id}/paid', {
    params: { id },
    body: { paid },
  });
}

export function useSetPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaid,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
  });
}
