import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { apiCall } from '../../../lib/api-client';

export interface CancelRegistrationRequest {
  id: string;
  /** Refund the payment taken through the payment provider. */
  refund: boolean;
  /** Why: required once the booking is past the door (let in, or the slot begun). */
  reason?: string;
}

/**
 * Cancels a registration (its seat or waiting place goes back and is offered to the next
 * person waiting); the server emails the visitor, and sends the refund when asked.
 */
export function cancelRegistration({ id, refund, reason }: CancelRegistrationRequest) {
  return apiCall('post', '/api/admin/registrations/{id}/cancel', {
    params: { id },
    body: { refund, ...(reason === undefined ? {} : { reason }) },
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.registrations() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.capacity() }),
      ]),
  });
}
