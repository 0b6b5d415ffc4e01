import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export function setDreamedCaptured({
  id,
  dreamedCaptured,
}: {
  id: string;
  dreamedCaptured: boolean;
}) {
  return apiCall('patch', '/api/admin/registrations/{id}/dreamed-captured', {
    params: { id },
    body: { dreamedCaptured },
  });
}

export function useSetDreamedCaptured() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDreamedCaptured,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
  });
}
